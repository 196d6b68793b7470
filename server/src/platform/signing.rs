//! The registry's Ed25519 key for certificates: given by
//! `REGISTRY_SIGNING_KEY` (32 bytes, base64), or made once in the data
//! directory (`signing-key.ed25519`, readable by the server only) and kept.

use base64::{Engine as _, engine::general_purpose::STANDARD as B64};
use ed25519_dalek::{Signature, Signer as _, SigningKey, VerifyingKey};

use crate::platform::config::Config;

pub struct Signer {
    key: SigningKey,
}

const KEY_FILE: &str = "signing-key.ed25519";

impl Signer {
    pub fn load(config: &Config) -> anyhow::Result<Self> {
        let encoded = match &config.signing_key {
            Some(key) => key.expose().to_owned(),
            None => Self::key_file(&config.data_dir)?,
        };
        let bytes: [u8; 32] = B64
            .decode(encoded.trim())
            .ok()
            .and_then(|b| b.try_into().ok())
            .ok_or_else(|| anyhow::anyhow!("the signing key must be 32 bytes in base64"))?;
        Ok(Self { key: SigningKey::from_bytes(&bytes) })
    }

    /// The key file's contents, made first if there is none. `create_new`
    /// makes two processes starting at once agree on one key.
    fn key_file(dir: &std::path::Path) -> anyhow::Result<String> {
        use std::io::Write as _;
        std::fs::create_dir_all(dir)?;
        let path = dir.join(KEY_FILE);
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        match options.open(&path) {
            Ok(mut file) => {
                let key = SigningKey::generate(&mut rand::rngs::OsRng);
                let encoded = B64.encode(key.to_bytes());
                file.write_all(encoded.as_bytes())?;
                file.sync_all()?;
                tracing::info!(path = %path.display(), "made a new certificate signing key");
                Ok(encoded)
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(std::fs::read_to_string(&path)?),
            Err(e) => Err(e.into()),
        }
    }

    /// The signature of `message`, base64.
    pub fn sign(&self, message: &[u8]) -> String {
        B64.encode(self.key.sign(message).to_bytes())
    }

    pub fn public_key(&self) -> VerifyingKey {
        self.key.verifying_key()
    }

    /// The public key in base64, as a backup's manifest names it.
    pub fn public_key_base64(&self) -> String {
        B64.encode(self.public_key().to_bytes())
    }

    /// The private key as `REGISTRY_SIGNING_KEY` takes it: only for a backup
    /// asked to include it (`registry backup --include-signing-key`).
    pub fn private_key_base64(&self) -> String {
        B64.encode(self.key.to_bytes())
    }

    /// Keep `encoded` (a key from a backup) as this data directory's key,
    /// unless the directory has one already; answers whether it was kept.
    pub fn keep_in(dir: &std::path::Path, encoded: &str) -> anyhow::Result<bool> {
        use std::io::Write as _;
        std::fs::create_dir_all(dir)?;
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        match options.open(dir.join(KEY_FILE)) {
            Ok(mut file) => {
                file.write_all(encoded.trim().as_bytes())?;
                file.sync_all()?;
                Ok(true)
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(false),
            Err(e) => Err(e.into()),
        }
    }

    /// Whether `signature` (base64) is this key's over `message`.
    pub fn verifies(&self, message: &[u8], signature: &str) -> bool {
        let Some(bytes) = B64.decode(signature).ok() else { return false };
        let Ok(signature) = Signature::from_slice(&bytes) else { return false };
        self.public_key().verify_strict(message, &signature).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signature_verifies_and_an_altered_message_does_not() {
        let signer = Signer { key: SigningKey::from_bytes(&[7; 32]) };
        let signature = signer.sign(b"certificate data");
        assert!(signer.verifies(b"certificate data", &signature));
        assert!(!signer.verifies(b"certificate data!", &signature));
        assert!(!signer.verifies(b"certificate data", "not base64"));
    }
}
