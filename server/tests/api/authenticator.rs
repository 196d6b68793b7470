//! A software passkey authenticator for the API tests: what a browser and
//! its authenticator send for `navigator.credentials.create` and `.get`
//! (attestation "none", ES256, a discoverable credential with user
//! verification), written by hand from the `WebAuthn` Level 3 encodings.

use base64::{Engine as _, engine::general_purpose::URL_SAFE_NO_PAD as B64U};
use p256::ecdsa::{Signature, SigningKey, signature::Signer};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

/// The origin the tests' registry names (`helpers::PUBLIC_URL`).
pub const ORIGIN: &str = "http://localhost:8080";

pub struct Authenticator {
    key: SigningKey,
    pub credential_id: Vec<u8>,
    user_handle: Vec<u8>,
    counter: u32,
}

/// Minimal CBOR (RFC 8949) for the few shapes an attestation needs.
enum Cbor {
    Int(i64),
    Bytes(Vec<u8>),
    Text(&'static str),
    Map(Vec<(Cbor, Cbor)>),
}

fn head(major: u8, n: u64, out: &mut Vec<u8>) {
    let m = major << 5;
    match n {
        0..=23 => out.push(m | u8::try_from(n).unwrap()),
        24..=0xff => out.extend([m | 0x18, u8::try_from(n).unwrap()]),
        0x100..=0xffff => {
            out.push(m | 0x19);
            out.extend(u16::try_from(n).unwrap().to_be_bytes());
        }
        _ => {
            out.push(m | 0x1a);
            out.extend(u32::try_from(n).unwrap().to_be_bytes());
        }
    }
}

impl Cbor {
    fn encode(&self, out: &mut Vec<u8>) {
        match self {
            Self::Int(i) if *i >= 0 => head(0, i.unsigned_abs(), out),
            Self::Int(i) => head(1, (-1 - i).unsigned_abs(), out),
            Self::Bytes(b) => {
                head(2, b.len() as u64, out);
                out.extend(b);
            }
            Self::Text(t) => {
                head(3, t.len() as u64, out);
                out.extend(t.as_bytes());
            }
            Self::Map(entries) => {
                head(5, entries.len() as u64, out);
                for (k, v) in entries {
                    k.encode(out);
                    v.encode(out);
                }
            }
        }
    }
}

fn b64(bytes: &[u8]) -> String {
    B64U.encode(bytes)
}

fn client_data(kind: &str, options: &Value) -> Vec<u8> {
    json!({"type": kind, "challenge": options["publicKey"]["challenge"], "origin": ORIGIN, "crossOrigin": false})
        .to_string()
        .into_bytes()
}

impl Authenticator {
    pub fn new() -> Self {
        let mut seed = [0u8; 32];
        let mut id = vec![0u8; 16];
        // A user handle of its own until a registration gives it the account's.
        let mut handle = vec![0u8; 16];
        rand::Rng::fill(&mut rand::thread_rng(), &mut seed[..]);
        rand::Rng::fill(&mut rand::thread_rng(), &mut id[..]);
        rand::Rng::fill(&mut rand::thread_rng(), &mut handle[..]);
        Self { key: SigningKey::from_slice(&seed).unwrap(), credential_id: id, user_handle: handle, counter: 0 }
    }

    fn rp_id_hash(rp_id: &str) -> Vec<u8> {
        Sha256::digest(rp_id.as_bytes()).to_vec()
    }

    /// The answer to `register/start`'s options: a new credential for its user.
    pub fn create(&mut self, options: &Value) -> Value {
        let rp_id = options["publicKey"]["rp"]["id"].as_str().unwrap();
        self.user_handle = B64U.decode(options["publicKey"]["user"]["id"].as_str().unwrap()).unwrap();
        let point = self.key.verifying_key().to_sec1_point(false);
        let cose = Cbor::Map(vec![
            (Cbor::Int(1), Cbor::Int(2)),
            (Cbor::Int(3), Cbor::Int(-7)),
            (Cbor::Int(-1), Cbor::Int(1)),
            (Cbor::Int(-2), Cbor::Bytes(point.x().unwrap().to_vec())),
            (Cbor::Int(-3), Cbor::Bytes(point.y().unwrap().to_vec())),
        ]);
        let mut auth_data = Self::rp_id_hash(rp_id);
        // User present, user verified, attested credential data.
        auth_data.push(0x01 | 0x04 | 0x40);
        auth_data.extend(self.counter.to_be_bytes());
        auth_data.extend([0u8; 16]);
        auth_data.extend(u16::try_from(self.credential_id.len()).unwrap().to_be_bytes());
        auth_data.extend(&self.credential_id);
        cose.encode(&mut auth_data);
        let mut attestation = Vec::new();
        Cbor::Map(vec![
            (Cbor::Text("fmt"), Cbor::Text("none")),
            (Cbor::Text("attStmt"), Cbor::Map(vec![])),
            (Cbor::Text("authData"), Cbor::Bytes(auth_data)),
        ])
        .encode(&mut attestation);
        json!({
            "id": b64(&self.credential_id),
            "rawId": b64(&self.credential_id),
            "type": "public-key",
            "response": {"clientDataJSON": b64(&client_data("webauthn.create", options)), "attestationObject": b64(&attestation)},
            "clientExtensionResults": {}
        })
    }

    /// The answer to `login/start`'s options: an assertion by this credential.
    pub fn get(&mut self, options: &Value) -> Value {
        let rp_id = options["publicKey"]["rpId"].as_str().unwrap();
        self.counter += 1;
        let mut auth_data = Self::rp_id_hash(rp_id);
        auth_data.push(0x01 | 0x04);
        auth_data.extend(self.counter.to_be_bytes());
        let client_data = client_data("webauthn.get", options);
        let mut signed = auth_data.clone();
        signed.extend(Sha256::digest(&client_data));
        let signature: Signature = self.key.sign(&signed);
        json!({
            "id": b64(&self.credential_id),
            "rawId": b64(&self.credential_id),
            "type": "public-key",
            "response": {
                "authenticatorData": b64(&auth_data),
                "clientDataJSON": b64(&client_data),
                "signature": b64(signature.to_der().as_bytes()),
                "userHandle": b64(&self.user_handle)
            },
            "clientExtensionResults": {}
        })
    }
}
