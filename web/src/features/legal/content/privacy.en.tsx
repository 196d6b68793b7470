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

      <Section title="Cookies">
        <p>
          We use one strictly necessary session cookie to keep you signed in. Your language choice is stored in your browser
          twice: in local storage, and in a small cookie named registry_language that only tells our server which language to send
          its pages in; it is strictly functional, does not track you and is kept for one year. There are no advertising or
          tracking cookies.
        </p>
      </Section>
    </>
  );
}
