import { Link } from "react-router";
import { List, Mail, Section } from "@/features/legal/components/legal-document";

/** The Terms of Service, in German. */
export default function TermsDe() {
  return (
    <>
      <p>
        Diese Nutzungsbedingungen regeln Ihre Nutzung des Europäischen Registers für Kleinfahrzeuge, das vom Registerbetreiber
        betrieben wird. Mit der Erstellung eines Kontos erkennen Sie sie an. Kontakt: <Mail />.
      </p>

      <Section title="1. Der Dienst">
        <p>
          Mit dem Register können Eigentümer von Kleinfahrzeugen Schiffe registrieren, eine eindeutige Plattform-ID erhalten,
          Eigentumsnachweise speichern, eine Eigentümerhistorie führen und das Eigentum übertragen. Es ist ein unabhängiges
          Register: Es ist kein amtliches staatliches Register und ersetzt keine gesetzlich vorgeschriebene Registrierung.
        </p>
      </Section>

      <Section title="2. Ihr Konto">
        <List>
          <li>Sie müssen eine gültige E-Mail-Adresse angeben und Ihr Passwort geheim halten.</li>
          <li>
            Sie sind für die Aktivitäten in Ihrem Konto verantwortlich; teilen Sie uns unverzüglich mit, wenn Sie einen Missbrauch
            vermuten.
          </li>
          <li>Sie können Ihr Konto jederzeit über Ihre Profilseite archivieren.</li>
        </List>
      </Section>

      <Section title="3. Gebühren">
        <List>
          <li>
            Die Registrierung eines Schiffs kostet eine einmalige Gebühr von 24,95&nbsp;€, die für die gesamte Laufzeit der
            Registrierung gilt.
          </li>
          <li>Jede Eigentumsübertragung kostet 9,95&nbsp;€.</li>
          <li>Es gibt keine Abonnements und keine wiederkehrenden Zahlungen.</li>
          <li>
            Die Zahlung erfolgt per Karte über unseren Zahlungsdienstleister. Die Preise enthalten, soweit anwendbar, die
            Mehrwertsteuer.
          </li>
        </List>
      </Section>

      <Section title="4. Ihre Inhalte und deren Richtigkeit">
        <p>
          Sie dürfen nur Schiffe registrieren, die Ihnen gehören oder zu deren Registrierung Sie berechtigt sind, und die von
          Ihnen gemachten Angaben und bereitgestellten Dokumente müssen wahrheitsgemäß sein. Wir können Registrierungen sperren,
          die falsch oder betrügerisch erscheinen, etwa bei einem als gestohlen gemeldeten Schiff.
        </p>
      </Section>

      <Section title="5. Übertragungen">
        <p>
          Für eine Übertragung sind die Telefonnummer des neuen Eigentümers und ein Einmalcode erforderlich, der per SMS an diese
          Nummer gesendet wird. Mit Abschluss einer Übertragung verliert der bisherige Eigentümer den Zugriff auf das Schiff, und
          die Eigentümerhistorie verzeichnet den Wechsel.
        </p>
      </Section>

      <Section title="6. Widerrufsrecht">
        <p>
          Wenn Sie Verbraucher in der EU sind, steht Ihnen ein Widerrufsrecht von 14 Tagen zu. Indem Sie uns auffordern, ein
          Schiff sofort zu registrieren oder eine Übertragung sofort abzuschließen, stimmen Sie zu, dass die Leistung umgehend
          erbracht wird, und Ihr Widerrufsrecht erlischt, sobald die Leistung vollständig erbracht wurde.
        </p>
      </Section>

      <Section title="7. Haftung">
        <p>
          Wir bemühen uns, das Register verfügbar und korrekt zu halten, können jedoch keinen unterbrechungsfreien Betrieb
          garantieren. Keine Bestimmung dieser Nutzungsbedingungen beschränkt eine Haftung, die gesetzlich nicht beschränkt werden
          kann. Wir haften nicht für Schäden, die durch unrichtige Angaben von Nutzern verursacht werden.
        </p>
      </Section>

      <Section title="8. Datenschutz">
        <p>
          Wie wir mit personenbezogenen Daten umgehen, beschreibt unsere{" "}
          <Link to="/legal/privacy" className="text-primary underline">
            Datenschutzerklärung
          </Link>
          .
        </p>
      </Section>

      <Section title="9. Änderungen und anwendbares Recht">
        <p>
          Wir können diese Nutzungsbedingungen mit einer Ankündigungsfrist von mindestens 30 Tagen per E-Mail ändern. Diese
          Nutzungsbedingungen unterliegen dem Recht des Landes, in dem der Registerbetreiber niedergelassen ist, unbeschadet der
          zwingenden Verbraucherschutzvorschriften Ihres Wohnsitzlandes.
        </p>
      </Section>
    </>
  );
}
