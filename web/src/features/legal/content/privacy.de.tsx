import { Link } from "react-router";
import { List, Mail, Section } from "@/features/legal/components/legal-document";

/** The Privacy Policy, in German. */
export default function PrivacyDe() {
  return (
    <>
      <p>
        Diese Datenschutzerklärung erläutert, welche personenbezogenen Daten das Europäische Register für Kleinfahrzeuge
        verarbeitet, zu welchem Zweck und welche Rechte Sie haben. Verantwortlicher ist der Registerbetreiber. Kontakt: <Mail />.
      </p>

      <Section title="Welche Daten wir erheben">
        <List>
          <li>
            Konto: E-Mail-Adresse, Passwort (ausschließlich als argon2id-Hash gespeichert), optional Telefonnummer und Name.
          </li>
          <li>
            Schiffe: die von Ihnen eingegebenen Angaben und Kennungen (etwa CIN/HIN, Motornummer, nationale Kennzeichen, MMSI).
          </li>
          <li>Eigentümerhistorie: welches Konto wann Eigentümer eines Schiffs war.</li>
          <li>Eigentumsnachweise, die Sie hochladen.</li>
          <li>
            Zahlungen: Betrag, Status, Kartenmarke und die letzten vier Ziffern. Ihre Kartennummer geht direkt an unseren
            Zahlungsdienstleister und erreicht uns nie.
          </li>
          <li>
            Sicherheitsdaten: gehashte Sitzungskennungen und Zähler zur Begrenzung von Anmeldeversuchen, geführt je Konto oder
            E-Mail-Adresse (keine IP-Adressen).
          </li>
          <li>
            Passkeys und Sitzungen: der öffentliche Schlüssel jedes Passkeys, sein Name und wann er hinzugefügt und zuletzt
            verwendet wurde (Ihr Fingerabdruck, Ihr Gesicht oder Ihre Bildschirmsperre verlassen Ihr Gerät nie); für jede Sitzung,
            wann sie begann und zuletzt aktiv war, und die Familie ihres Browsers und Systems (etwa Firefox unter Linux).
          </li>
        </List>
      </Section>

      <Section title="Wozu wir die Daten nutzen und auf welcher Rechtsgrundlage">
        <List>
          <li>
            Zur Bereitstellung des Registers, zur Vergabe von Plattform-IDs und zur Durchführung von Übertragungen
            (Vertragserfüllung, Art. 6 Abs. 1 lit. b DSGVO).
          </li>
          <li>
            Zur Aufbewahrung von Zahlungsunterlagen für die Buchführung und nach Steuerrecht (rechtliche Verpflichtung, Art. 6
            Abs. 1 lit. c DSGVO).
          </li>
          <li>
            Zur Sicherung von Konten, zur Verhinderung von Betrug und zur Führung einer anonymisierten Eigentümerkette
            (berechtigtes Interesse, Art. 6 Abs. 1 lit. f DSGVO).
          </li>
        </List>
      </Section>

      <Section title="Was öffentlich ist">
        <p>
          Wenn Sie ein Schiff öffentlich machen, erscheinen seine Angaben, seine Plattform-ID und eine anonymisierte
          Eigentümerhistorie im öffentlichen Register. Ihr Name, Ihre E-Mail-Adresse und Ihre Telefonnummer werden dort nie
          angezeigt.
        </p>
      </Section>

      <Section title="Wer die Daten erhält">
        <p>
          Unser Dienstleister für Kartenzahlungen, unser SMS-Dienstleister, unser E-Mail-Dienstleister und unser Hosting-Anbieter,
          jeweils auf Grundlage eines Vertrags zur Auftragsverarbeitung. Bei einer Übertragung erhält ein neuer Eigentümer einen
          SMS-Code auf das eigene Telefon. Wir verkaufen keine personenbezogenen Daten.
        </p>
      </Section>

      <Section title="Wie lange wir die Daten speichern">
        <List>
          <li>
            Sitzungen: nach 12 Stunden Inaktivität oder nach 30 Tagen mit „Angemeldet bleiben“; abgelaufene Sitzungen werden
            innerhalb einer Stunde gelöscht.
          </li>
          <li>
            Links zur Bestätigung der E-Mail-Adresse: 24 Stunden. Links zum Zurücksetzen des Passworts: 1 Stunde. Verwendete und
            abgelaufene Links werden innerhalb einer Stunde gelöscht.
          </li>
          <li>
            E-Mails und SMS, die wir Ihnen senden: Deren Inhalt (Links und Codes) wird 7 Tage nach dem Versand gelöscht, der
            Eintrag, dass eine Nachricht versandt wurde, nach 90 Tagen.
          </li>
          <li>
            Zähler gegen das Erraten von Passwörtern (Ihre E-Mail-Adresse oder Netzwerkadresse mit einer Anzahl): innerhalb einer
            Stunde gelöscht, nachdem ihr Zeitfenster von höchstens einer Stunde abgelaufen ist.
          </li>
          <li>
            Wenn Sie Ihr Konto archivieren, werden Ihre personenbezogenen Daten gelöscht oder anonymisiert, einschließlich der bei
            Ihren Schiffen gespeicherten Telefonnummer; die Eigentümerkette des Schiffs bleibt nur in anonymisierter Form
            erhalten. Sie können später mit derselben E-Mail-Adresse ein neues Konto anlegen.
          </li>
          <li>Zahlungsunterlagen: 7 Jahre, danach gelöscht.</li>
          <li>
            Passkeys: bis Sie sie entfernen oder Ihr Konto archivieren. Die Liste der Browser, mit denen Sie sich angemeldet
            haben: bis Sie Ihr Konto archivieren.
          </li>
        </List>
      </Section>

      <Section title="Ihre Rechte">
        <p>
          Sie können Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung und Datenübertragbarkeit verlangen oder der
          Verarbeitung widersprechen. Ihre Daten sehen Sie auf Ihrer Profilseite, wo Sie Ihr Konto auch archivieren können. Für
          alles Weitere schreiben Sie an <Mail />. Sie können sich außerdem bei Ihrer Datenschutzaufsichtsbehörde beschweren.
          Weitere Einzelheiten enthält unsere{" "}
          <Link to="/legal/dpia" className="text-primary underline">
            Datenschutz-Folgenabschätzung
          </Link>
          .
        </p>
      </Section>

      <Section title="Wie wir Ihr Konto schützen">
        <p>
          Passkeys und eine frische Anmeldung schützen alles, womit Ihr Schiff weggegeben werden könnte. Eine Übertragung
          beginnen, ihre Gebühr bezahlen, einem Pfandrecht zustimmen, Ihre Mobilnummer ändern, einen Passkey entfernen, Ihr Konto
          archivieren und Ihre Daten herunterladen erfordern eine Anmeldung innerhalb der letzten fünf Minuten; andernfalls fragen
          wir zuerst erneut nach Ihrem Passwort oder einem Passkey. Administratoren können ohne Passkey nichts ändern. Wenn Ihr
          Konto in einem Browser angemeldet wird, den es noch nicht verwendet hat, schicken wir Ihnen eine E-Mail; Ihre
          Profilseite listet Ihre Sitzungen auf, und Sie können jede davon abmelden.
        </p>
      </Section>

      <Section title="Ihre Daten herunterladen">
        <p>
          Auf Ihrer Profilseite speichert „Meine Daten herunterladen“ alles, was wir über Sie speichern, als eine JSON-Datei; ein
          Programm kann dasselbe angemeldet mit <code>GET /api/profile/export</code> abrufen. Sie enthält:
        </p>
        <List>
          <li>Ihr Konto;</li>
          <li>jeden Zeitraum, in dem Ihnen ein Schiff gehörte, mit der Plattform-ID und dem Namen des Schiffs;</li>
          <li>die Dokumente, die Sie hochgeladen haben: Art, Name, Größe, Typ und Prüfstatus;</li>
          <li>die Einträge in der Wert- und Wartungshistorie, die Sie verfasst haben;</li>
          <li>Ihre Zahlungen und Erstattungen;</li>
          <li>die Übertragungen, die Sie begonnen und erhalten haben, mit maskierten Telefonnummern;</li>
          <li>die Pfandrechte, die Sie als Kreditgeber halten oder als Eigentümer eingeräumt haben;</li>
          <li>Ihre Sitzungen sowie Namen und Daten Ihrer Passkeys;</li>
          <li>die Protokolleinträge, die Sie vorgenommen haben oder die Ihr Konto betreffen.</li>
        </List>
        <p>
          Auf derselben Seite speichert „Mit meinen Dokumenten herunterladen (ZIP)“ (oder{" "}
          <code>GET /api/profile/export?include=files</code>) eine ZIP-Datei mit dieser JSON-Datei und den Dateien der Dokumente,
          die Sie hochgeladen haben.
        </p>
        <p>
          Sie enthält nie die E-Mail-Adresse oder die vollständige Telefonnummer einer anderen Person. Wie bei jeder sensiblen
          Aktion werden Sie möglicherweise zuerst gebeten, Ihr Passwort oder einen Passkey zu bestätigen.
        </p>
      </Section>

      <Section title="Cookies">
        <p>
          Wir verwenden ein einziges, unbedingt erforderliches Sitzungscookie, damit Sie angemeldet bleiben. Ihre Sprachwahl wird
          zweifach in Ihrem Browser gespeichert: im lokalen Speicher und in einem kleinen Cookie namens registry_language, das
          unserem Server nur mitteilt, in welcher Sprache er die Seiten senden soll; es ist rein funktional, dient nicht dem
          Tracking und wird ein Jahr lang gespeichert. Es gibt keine Werbe- oder Tracking-Cookies.
        </p>
        <p>
          Zwei weitere, unbedingt erforderliche Cookies schützen Ihr Konto. registry_browser enthält einen Zufallswert, der einen
          Browser wiedererkennt, mit dem Sie sich angemeldet haben, damit wir Ihnen mitteilen können, wenn Ihr Konto in einem
          neuen Browser angemeldet wird; es wird nur an unseren Anmeldedienst gesendet und zwei Jahre lang gespeichert, und wir
          speichern nur seinen Hash. registry_webauthn enthält fünf Minuten lang eine Passkey-Anfrage, während Sie einen Passkey
          hinzufügen oder verwenden.
        </p>
      </Section>
    </>
  );
}
