import { Link } from "react-router";
import { List, Mail, Section } from "@/features/legal/components/legal-document";

const RISKS: { risk: string; impact: string; mitigations: string; residual: string }[] = [
  {
    risk: "Account takeover (guessed, reused or phished passwords; stolen reset links)",
    impact: "An attacker could view personal data or start an ownership transfer.",
    mitigations:
      "Passwords stored only as argon2id hashes; sign-in and reset requests throttled per account and email; verification and reset tokens are random, single-use and short-lived (24 h and 1 h); transfers additionally require an SMS one-time code sent to the new owner's phone.",
    residual: "Low",
  },
  {
    risk: "Misuse of a signed-in session (a device left unlocked, a stolen session)",
    impact: "Someone could give a vessel away, consent to a lien or change the owner's mobile number.",
    mitigations:
      "Passkeys (WebAuthn: phishing-resistant; fingerprints and faces never leave the device); transfers and their fee, lien consents, mobile number changes, passkey removal, account archival, the data export and every administrator change need a sign-in within the last five minutes; administrators must hold a passkey; the owner is emailed when the account is signed in from a new browser and can sign out any session on the Profile page. An account with a passkey may turn password sign-in off; a lost passkey is then replaced through the reset email's link, which ends every other session.",
    residual: "Low",
  },
  {
    risk: "Exposure of past owners through the public registry",
    impact: "Previous owners could be identified or contacted against their wishes.",
    mitigations:
      "Public vessel pages show ownership history in anonymised form only ('Previous Owner', dates); no names, emails or phone numbers of owners are published; owners can make a vessel non-public.",
    residual: "Low",
  },
  {
    risk: "Leakage of proof-of-ownership documents",
    impact: "Documents may contain names, addresses and purchase prices.",
    mitigations:
      "Documents are never public; access is limited to the current owner and authorised administrators and checked on the server for every request; accepted types are restricted (PDF, JPG, PNG, max 10 MB).",
    residual: "Low",
  },
  {
    risk: "Cross-site attacks (XSS, CSRF, clickjacking)",
    impact: "Actions performed or data read in a signed-in user's name.",
    mitigations:
      "Strict Content Security Policy (scripts and styles from our own origin only); session cookies are HttpOnly, Secure and SameSite; the server checks the Origin of state-changing requests.",
    residual: "Low",
  },
  {
    risk: "Payment data compromise",
    impact: "Financial loss for users.",
    mitigations:
      "Card details are entered in the payment provider's form and never reach our servers; we keep only the card brand, the last four digits and the payment status.",
    residual: "Very low",
  },
  {
    risk: "Excessive retention",
    impact: "Data kept longer than needed increases the impact of any breach.",
    mitigations: "Fixed retention periods (below), automatic expiry of sessions and tokens, anonymisation on account archival.",
    residual: "Low",
  },
];

/** The Data Protection Impact Assessment, in English. */
export default function DpiaEn() {
  return (
    <>
      <p>
        This Data Protection Impact Assessment (DPIA) is carried out under Article 35 of the General Data Protection Regulation
        (GDPR) for the European Small-Craft Registry. The registry links natural persons to identifiable vessels, keeps an
        ownership history over time and processes proof-of-ownership documents and payments, so the registry operator assesses the
        processing systematically before and during operation. It is reviewed at least once a year and whenever the processing
        changes.
      </p>

      <Section title="1. Controller and contact">
        <p>
          The controller is the registry operator of the European Small-Craft Registry. Questions about this assessment or about
          your data can be sent to <Mail />. The data protection officer (DPO) can be reached at the same address, marked "For the
          attention of the DPO".
        </p>
      </Section>

      <Section title="2. Description of the processing">
        <p>
          Owners of small craft (kayaks, sailboats, motor yachts) create an account, register vessels for a one-time fee, receive
          a unique platform ID, upload proof-of-ownership documents and transfer ownership to another person. A transfer is
          confirmed with a one-time code sent by SMS to the new owner and paid per transfer. Visitors can search a public registry
          of vessels whose owners have chosen to make them public. Administrators review registrations.
        </p>
      </Section>

      <Section title="3. Categories of personal data">
        <List>
          <li>
            <strong>Account data:</strong> email address, password hash (argon2id; the password itself is never stored), optional
            mobile phone number, optional name, email and phone verification timestamps, identity verification status.
          </li>
          <li>
            <strong>Vessel data and identifiers:</strong> vessel name, make, model, build year, length, country, hull or craft
            identification number (CIN/HIN), engine serial number, national registration marks and MMSI.
          </li>
          <li>
            <strong>Ownership history:</strong> which account owned which vessel, from when and until when, and the kind of
            acquisition.
          </li>
          <li>
            <strong>Proof-of-ownership documents:</strong> bills of sale, registration documents, invoices and similar files
            uploaded by the owner.
          </li>
          <li>
            <strong>Payment metadata:</strong> amount, purpose, status, date, card brand and the last four digits of the card.
            Full card numbers are never received or stored.
          </li>
          <li>
            <strong>Session and security logs:</strong> hashed session identifiers, timestamps of sign-in and security-relevant
            events, and throttling counters keyed by account or email address. The throttling does not store IP addresses.
          </li>
          <li>
            <strong>Passkeys and sessions:</strong> each passkey's public key, name, creation and last-use dates and backup state
            (no biometric data: fingerprints and faces are checked on the person's own device); each session's start, last
            activity and the family of its browser and platform, read from the User-Agent; a hash of a random cookie that
            recognises browsers the account has signed in from. No IP addresses.
          </li>
        </List>
        <p>No special categories of personal data (Article 9 GDPR) are intentionally processed.</p>
      </Section>

      <Section title="4. Purposes">
        <List>
          <li>Providing the registry: accounts, vessel registration, platform IDs and certificates.</li>
          <li>Proving ownership and keeping a reliable, tamper-evident ownership history.</li>
          <li>Carrying out ownership transfers, including SMS verification of the new owner.</li>
          <li>Taking payments and keeping the records required for bookkeeping and tax purposes.</li>
          <li>Securing accounts and preventing fraud, such as the registration of stolen vessels.</li>
          <li>Sending service messages: email verification, password resets and transfer notifications.</li>
        </List>
      </Section>

      <Section title="5. Legal basis">
        <List>
          <li>
            <strong>Article 6(1)(b) GDPR, contract:</strong> account, vessel registration, documents, transfers and service
            messages are necessary to provide the service the user asks for.
          </li>
          <li>
            <strong>Article 6(1)(c) GDPR, legal obligation:</strong> payment records are kept to meet bookkeeping and tax
            retention duties.
          </li>
          <li>
            <strong>Article 6(1)(f) GDPR, legitimate interest:</strong> security logs, throttling and keeping an anonymised
            ownership chain after an account is archived serve fraud prevention and the integrity of the registry. Our balancing
            test concluded that these interests are not overridden by the interests of data subjects, given the minimisation
            measures in section 9.
          </li>
        </List>
      </Section>

      <Section title="6. Necessity and proportionality">
        <p>
          Only the data needed for each purpose is collected: a phone number is optional until a transfer requires it, a name is
          optional, payment data is limited to metadata, and the public registry never shows owner identity. Data subjects are
          informed through the{" "}
          <Link to="/legal/privacy" className="text-primary underline">
            Privacy Policy
          </Link>
          .
        </p>
      </Section>

      <Section title="7. Retention">
        <List>
          <li>
            Sessions: end after 12 hours of inactivity, or after 30 days when "Remember me" is chosen; an hourly sweep deletes
            expired sessions.
          </li>
          <li>
            Email verification tokens: 24 hours. Password reset tokens: 1 hour. Both are single-use; the hourly sweep deletes used
            and expired tokens.
          </li>
          <li>
            Outgoing emails and SMS: kept in an outbox until delivered; the body (links, one-time codes) is erased 7 days after
            delivery or final failure, and the message is deleted after 90 days.
          </li>
          <li>
            Archived accounts: sign-in stops at once and every session ends; the password hash, phone number and name are erased,
            and so is the phone number stored on the account's vessels, which are deactivated; unfinished payments are canceled.
            The email address is kept with the account's payment records for bookkeeping and is free for a new account at once.
            The ownership chain of vessels is kept for the registry's integrity and shown to others in anonymised form only.
          </li>
          <li>
            Proof-of-ownership documents: this feature is not open yet; its retention will be set out here before the first upload
            is accepted.
          </li>
          <li>Payment records: 7 years, as required for bookkeeping; then the hourly sweep deletes them with their events.</li>
          <li>
            Throttling counters: one counter per email address or client address, reset when its window (15 minutes to one hour)
            has passed, and deleted by the hourly sweep once it has. Server logs carry request ids, not passwords, tokens or
            session ids.
          </li>
          <li>
            Passkeys: until the owner removes them or archives the account, which erases them together with the account's
            sessions, unfinished passkey requests (5 minutes at most) and recognised browsers.
          </li>
        </List>
      </Section>

      <Section title="8. Recipients and processors">
        <p>Personal data is shared only with processors bound by a data processing agreement under Article 28 GDPR:</p>
        <List>
          <li>a card payment provider, which processes card payments and returns payment metadata;</li>
          <li>an SMS provider, which delivers transfer verification codes;</li>
          <li>an email provider, which delivers verification, reset and notification emails;</li>
          <li>our hosting provider.</li>
        </List>
        <p>
          Personal data is not sold. Where a processor transfers data outside the EEA, this happens only under an adequacy
          decision or the EU Standard Contractual Clauses.
        </p>
      </Section>

      <Section title="9. Risks and mitigations">
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">Risks to data subjects and the measures that address them</caption>
            <thead>
              <tr className="border-b border-border">
                <th scope="col" className="p-2 font-semibold">
                  Risk
                </th>
                <th scope="col" className="p-2 font-semibold">
                  Possible impact
                </th>
                <th scope="col" className="p-2 font-semibold">
                  Mitigations
                </th>
                <th scope="col" className="p-2 font-semibold">
                  Residual risk
                </th>
              </tr>
            </thead>
            <tbody>
              {RISKS.map((row) => (
                <tr key={row.risk} className="border-b border-border align-top">
                  <th scope="row" className="p-2 font-medium">
                    {row.risk}
                  </th>
                  <td className="p-2">{row.impact}</td>
                  <td className="p-2">{row.mitigations}</td>
                  <td className="p-2">{row.residual}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>
          With these measures the residual risk is assessed as low; prior consultation of a supervisory authority under Article 36
          GDPR is therefore not required.
        </p>
      </Section>

      <Section title="10. Data subject rights">
        <p>
          Data subjects have the right of access, rectification, erasure, restriction of processing, data portability and
          objection (Articles 15 to 21 GDPR). Account holders can view their data on the Profile page and archive their account
          there at any time ("Delete Account"). Other requests can be sent to <Mail />; we answer within one month. Everyone also
          has the right to lodge a complaint with their data protection supervisory authority.
        </p>
        <p>
          The rights of access and to data portability can be exercised directly: "Download my data" on the Profile page (or{" "}
          <code>GET /api/profile/export</code>) gives the account holder, after a recent sign-in, one JSON document with their
          account, ownership periods, documents' metadata, record entries, payments and refunds, transfers with masked phone
          numbers, liens, sessions, passkeys and the audit entries about them. It is read from the person's own records only.
          "Download with my documents (ZIP)" (<code>?include=files</code>) adds the files of the documents the person uploaded.
        </p>
      </Section>

      <Section title="11. Data protection officer">
        <p>
          The registry operator's DPO advised on this assessment and monitors its measures. Contact: <Mail /> (subject "DPO").
        </p>
      </Section>
    </>
  );
}
