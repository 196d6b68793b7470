import { Link } from "react-router";
import { List, Mail, Section } from "@/features/legal/components/legal-document";

/** The Terms of Service, in English. */
export default function TermsEn() {
  return (
    <>
      <p>
        These terms govern your use of the European Small-Craft Registry, operated by the registry operator. By creating an
        account you accept them. Contact: <Mail />.
      </p>

      <Section title="1. The service">
        <p>
          The registry lets owners of small craft register vessels, receive a unique platform ID, store proof-of-ownership
          documents, keep an ownership history and transfer ownership. It is an independent registry: it is not an official
          government register and does not replace any registration required by law.
        </p>
      </Section>

      <Section title="2. Your account">
        <List>
          <li>You must give a valid email address and keep your password confidential.</li>
          <li>You are responsible for activity in your account; tell us at once if you suspect misuse.</li>
          <li>You may archive your account at any time from your Profile page.</li>
        </List>
      </Section>

      <Section title="3. Fees">
        <List>
          <li>Registering a vessel costs a one-time fee of €24.95, valid for the lifetime of the registration.</li>
          <li>Each ownership transfer costs €9.95.</li>
          <li>There are no subscriptions and no recurring charges.</li>
          <li>Payments are made by card through our payment provider. Prices include VAT where applicable.</li>
        </List>
      </Section>

      <Section title="4. Your content and accuracy">
        <p>
          You may only register vessels you own or are authorised to register, and the details and documents you provide must be
          true. We may suspend registrations that appear false or fraudulent, for example a vessel reported stolen.
        </p>
      </Section>

      <Section title="5. Transfers">
        <p>
          A transfer requires the new owner's phone number and a one-time code sent to it by SMS. When a transfer is completed,
          the previous owner loses access to the vessel and the ownership history records the change.
        </p>
      </Section>

      <Section title="6. Right of withdrawal">
        <p>
          If you are a consumer in the EU you have a 14-day right of withdrawal. By asking us to register a vessel or complete a
          transfer straight away you agree that the service is performed at once, and you lose the right of withdrawal once it has
          been fully performed.
        </p>
      </Section>

      <Section title="7. Liability">
        <p>
          We take care to keep the registry available and accurate but cannot guarantee uninterrupted service. Nothing in these
          terms limits liability that cannot be limited by law. We are not liable for losses caused by incorrect information that
          users provide.
        </p>
      </Section>

      <Section title="8. Privacy">
        <p>
          How we handle personal data is described in the{" "}
          <Link to="/legal/privacy" className="text-primary underline">
            Privacy Policy
          </Link>
          .
        </p>
      </Section>

      <Section title="9. Changes and law">
        <p>
          We may change these terms with at least 30 days' notice by email. These terms are governed by the law of the registry
          operator's country of establishment, without prejudice to the mandatory consumer protection rules of your country of
          residence.
        </p>
      </Section>
    </>
  );
}
