import { Link } from "react-router";
import { List, Mail, Section } from "@/features/legal/components/legal-document";

/** The Privacy Policy, in English. */
export default function PrivacyEn() {
  return (
    <>
      <p>
        This policy explains what personal data the European Small-Craft Registry processes, why, and what your rights are. The
        registry operator is the controller. Contact: <Mail />.
      </p>

      <Section title="What we collect">
        <List>
          <li>Account: email address, password (stored only as an argon2id hash), optional phone number and name.</li>
          <li>Vessels: details and identifiers you enter (such as CIN/HIN, engine serial, national marks, MMSI).</li>
          <li>Ownership history: which account owned a vessel and when.</li>
          <li>Proof-of-ownership documents you upload.</li>
          <li>
            Payments: amount, status, card brand and last four digits. Your card number goes directly to our payment provider and
            never reaches us.
          </li>
          <li>
            Security data: hashed session identifiers and sign-in throttling counters keyed by account or email (no IP addresses).
          </li>
          <li>
            Passkeys and sessions: each passkey's public key, its name and when it was added and last used (your fingerprint, face
            or screen lock never leaves your device); for each session, when it started and was last active and the family of its
            browser and system (such as Firefox on Linux).
          </li>
        </List>
      </Section>

      <Section title="Why we use it, and on what basis">
        <List>
          <li>To provide the registry, issue platform IDs and carry out transfers (contract, Art. 6(1)(b) GDPR).</li>
          <li>To keep payment records for bookkeeping and tax law (legal obligation, Art. 6(1)(c) GDPR).</li>
          <li>
            To secure accounts, prevent fraud and keep an anonymised ownership chain (legitimate interest, Art. 6(1)(f) GDPR).
          </li>
        </List>
      </Section>

      <Section title="What is public">
        <p>
          If you make a vessel public, its details, platform ID and an anonymised ownership history appear in the public registry.
          Your name, email address and phone number are never shown there.
        </p>
      </Section>

      <Section title="Who receives it">
        <p>
          Our card payment provider, SMS provider and email provider, and our hosting provider, each under a data processing
          agreement. A new owner receives an SMS code on their own phone during a transfer. We do not sell personal data.
        </p>
      </Section>

      <Section title="How long we keep it">
        <List>
          <li>Sessions: 12 hours of inactivity, or 30 days with "Remember me"; expired sessions are deleted within the hour.</li>
          <li>
            Email verification links: 24 hours. Password reset links: 1 hour. Used and expired links are deleted within the hour.
          </li>
          <li>
            Emails and text messages we send you: their content (links and codes) is erased 7 days after sending, and the record
            that a message was sent is deleted after 90 days.
          </li>
          <li>
            Counters that stop password guessing (your email address or network address with a count): deleted within the hour
            after their window of at most one hour has passed.
          </li>
          <li>
            When you archive your account, your personal data is removed or anonymised, including the phone number stored with
            your vessels; the vessel ownership chain is kept in anonymised form only. You can later create a new account with the
            same email address.
          </li>
          <li>Payment records: 7 years, then deleted.</li>
          <li>
            Passkeys: until you remove them or archive your account. The record of browsers you have signed in from: until you
            archive your account.
          </li>
        </List>
      </Section>

      <Section title="Your rights">
        <p>
          You may ask for access, correction, erasure, restriction, portability, or object to processing. You can see your data on
          your Profile page and archive your account there. For anything else, write to <Mail />. You may also complain to your
          data protection authority. More detail is in our{" "}
          <Link to="/legal/dpia" className="text-primary underline">
            Data Protection Impact Assessment
          </Link>
          .
        </p>
      </Section>

      <Section title="Keeping your account safe">
        <p>
          Passkeys and a recent sign-in protect what could give your vessel away. Starting a transfer, paying its fee, consenting
          to a lien, changing your mobile number, removing a passkey, archiving your account and downloading your data all need a
          sign-in within the last five minutes; otherwise we first ask for your password or a passkey again. Administrators can
          change nothing without a passkey. When your account is signed in from a browser it has not used before, we email you;
          your Profile page lists your sessions and lets you sign out any of them.
        </p>
      </Section>

      <Section title="Downloading your data">
        <p>
          On your Profile page, "Download my data" saves everything we hold about you as one JSON file; a program can ask for the
          same, signed in, with <code>GET /api/profile/export</code>. It contains:
        </p>
        <List>
          <li>your account;</li>
          <li>every period you owned a vessel, with the vessel's platform ID and name;</li>
          <li>the documents you uploaded: their kind, name, size, type and review status;</li>
          <li>the value and maintenance record entries you wrote;</li>
          <li>your payments and refunds;</li>
          <li>the transfers you started and received, with phone numbers masked;</li>
          <li>the liens you hold as a lender or granted as an owner;</li>
          <li>your sessions, and your passkeys' names and dates;</li>
          <li>the audit entries you made or that are about your account.</li>
        </List>
        <p>
          On the same page, "Download with my documents (ZIP)" (or <code>GET /api/profile/export?include=files</code>) saves a ZIP
          file with that JSON file and the files of the documents you uploaded.
        </p>
        <p>
          It never contains another person's email address or full phone number. As for every sensitive action, you may first be
          asked to confirm your password or a passkey.
        </p>
      </Section>

      <Section title="Cookies">
        <p>
          We use one strictly necessary session cookie to keep you signed in. Your language choice is stored in your browser
          twice: in local storage, and in a small cookie named registry_language that only tells our server which language to send
          its pages in; it is strictly functional, does not track you and is kept for one year. There are no advertising or
          tracking cookies.
        </p>
        <p>
          Two further strictly necessary cookies protect your account. registry_browser holds a random value that recognises a
          browser you have signed in from, so that we can tell you when your account is signed in from a new one; it is sent only
          to our sign-in service and kept for two years, and we store only its hash. registry_webauthn holds a passkey request for
          five minutes while you add or use a passkey.
        </p>
      </Section>
    </>
  );
}
