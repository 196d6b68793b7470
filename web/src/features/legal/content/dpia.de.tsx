import { Link } from "react-router";
import { List, Mail, Section } from "@/features/legal/components/legal-document";

const RISKS: { risk: string; impact: string; mitigations: string; residual: string }[] = [
  {
    risk: "Kontoübernahme (erratene, wiederverwendete oder durch Phishing erlangte Passwörter; gestohlene Links zum Zurücksetzen)",
    impact: "Ein Angreifer könnte personenbezogene Daten einsehen oder eine Eigentumsübertragung einleiten.",
    mitigations:
      "Passwörter werden ausschließlich als argon2id-Hashes gespeichert; Anmelde- und Rücksetzanfragen werden je Konto und je E-Mail-Adresse begrenzt; Bestätigungs- und Rücksetz-Token sind zufällig, nur einmal verwendbar und kurzlebig (24 Std. und 1 Std.); Übertragungen erfordern zusätzlich einen Einmalcode, der per SMS an das Telefon des neuen Eigentümers gesendet wird.",
    residual: "Gering",
  },
  {
    risk: "Missbrauch einer angemeldeten Sitzung (ein unbeaufsichtigtes Gerät, eine gestohlene Sitzung)",
    impact: "Jemand könnte ein Schiff weggeben, einem Pfandrecht zustimmen oder die Mobilnummer des Eigentümers ändern.",
    mitigations:
      "Passkeys (WebAuthn: phishingresistent; Fingerabdrücke und Gesichter verlassen das Gerät nie); Übertragungen und ihre Gebühr, Zustimmungen zu Pfandrechten, Änderungen der Mobilnummer, das Entfernen von Passkeys, die Archivierung des Kontos, der Datenexport und jede Änderung durch Administratoren erfordern eine Anmeldung innerhalb der letzten fünf Minuten; Administratoren müssen einen Passkey besitzen; der Eigentümer erhält eine E-Mail, wenn das Konto in einem neuen Browser angemeldet wird, und kann jede Sitzung auf der Profilseite abmelden. Ein Konto mit Passkey kann die Anmeldung mit Passwort ausschalten; ein verlorener Passkey wird dann über den Link der E-Mail zum Zurücksetzen ersetzt, der alle anderen Sitzungen beendet.",
    residual: "Gering",
  },
  {
    risk: "Offenlegung früherer Eigentümer über das öffentliche Register",
    impact: "Frühere Eigentümer könnten gegen ihren Willen identifiziert oder kontaktiert werden.",
    mitigations:
      "Öffentliche Schiffsseiten zeigen die Eigentümerhistorie nur in anonymisierter Form („Früherer Eigentümer“, Datumsangaben); es werden keine Namen, E-Mail-Adressen oder Telefonnummern von Eigentümern veröffentlicht; Eigentümer können ein Schiff auf nicht öffentlich stellen.",
    residual: "Gering",
  },
  {
    risk: "Abfluss von Eigentumsnachweisen",
    impact: "Dokumente können Namen, Anschriften und Kaufpreise enthalten.",
    mitigations:
      "Dokumente sind nie öffentlich; der Zugriff ist auf den aktuellen Eigentümer und befugte Administratoren beschränkt und wird bei jeder Anfrage auf dem Server geprüft; die zulässigen Dateitypen sind beschränkt (PDF, JPG, PNG, max. 10 MB).",
    residual: "Gering",
  },
  {
    risk: "Websiteübergreifende Angriffe (XSS, CSRF, Clickjacking)",
    impact: "Handlungen, die im Namen eines angemeldeten Nutzers ausgeführt, oder Daten, die in seinem Namen gelesen werden.",
    mitigations:
      "Strenge Inhaltssicherheitsrichtlinie (Content Security Policy: Skripte und Stildateien nur von unserem eigenen Ursprung); Sitzungscookies sind als HttpOnly, Secure und SameSite gesetzt; der Server prüft bei zustandsändernden Anfragen die Herkunft (Origin).",
    residual: "Gering",
  },
  {
    risk: "Kompromittierung von Zahlungsdaten",
    impact: "Finanzieller Schaden für Nutzer.",
    mitigations:
      "Kartendaten werden im Formular des Zahlungsdienstleisters eingegeben und erreichen nie unsere Server; wir speichern nur die Kartenmarke, die letzten vier Ziffern und den Zahlungsstatus.",
    residual: "Sehr gering",
  },
  {
    risk: "Übermäßige Speicherdauer",
    impact: "Länger als nötig gespeicherte Daten vergrößern die Auswirkungen jeder Datenschutzverletzung.",
    mitigations:
      "Feste Speicherfristen (siehe unten), automatischer Ablauf von Sitzungen und Token, Anonymisierung bei der Archivierung eines Kontos.",
    residual: "Gering",
  },
];

/** The Data Protection Impact Assessment, in German. */
export default function DpiaDe() {
  return (
    <>
      <p>
        Diese Datenschutz-Folgenabschätzung (DSFA) wird gemäß Art. 35 der Datenschutz-Grundverordnung (DSGVO) für das Europäische
        Register für Kleinfahrzeuge durchgeführt. Das Register verknüpft natürliche Personen mit identifizierbaren Schiffen, führt
        über die Zeit eine Eigentümerhistorie und verarbeitet Eigentumsnachweise und Zahlungen; deshalb bewertet der
        Registerbetreiber die Verarbeitung systematisch vor und während des Betriebs. Die Abschätzung wird mindestens einmal
        jährlich sowie bei jeder Änderung der Verarbeitung überprüft.
      </p>

      <Section title="1. Verantwortlicher und Kontakt">
        <p>
          Verantwortlicher ist der Registerbetreiber des Europäischen Registers für Kleinfahrzeuge. Fragen zu dieser Abschätzung
          oder zu Ihren Daten können Sie an <Mail /> richten. Der Datenschutzbeauftragte (DSB) ist unter derselben Adresse mit dem
          Vermerk „Zu Händen des DSB“ erreichbar.
        </p>
      </Section>

      <Section title="2. Beschreibung der Verarbeitung">
        <p>
          Eigentümer von Kleinfahrzeugen (Kajaks, Segelboote, Motoryachten) legen ein Konto an, registrieren Schiffe gegen eine
          einmalige Gebühr, erhalten eine eindeutige Plattform-ID, laden Eigentumsnachweise hoch und übertragen das Eigentum auf
          eine andere Person. Eine Übertragung wird mit einem Einmalcode bestätigt, der per SMS an den neuen Eigentümer gesendet
          wird, und ist pro Übertragung zu bezahlen. Besucher können ein öffentliches Register der Schiffe durchsuchen, deren
          Eigentümer sie öffentlich gemacht haben. Administratoren prüfen Registrierungen.
        </p>
      </Section>

      <Section title="3. Kategorien personenbezogener Daten">
        <List>
          <li>
            <strong>Kontodaten:</strong> E-Mail-Adresse, Passwort-Hash (argon2id; das Passwort selbst wird nie gespeichert),
            optionale Mobilnummer, optionaler Name, Zeitpunkte der Bestätigung von E-Mail-Adresse und Telefonnummer, Status der
            Identitätsverifizierung.
          </li>
          <li>
            <strong>Schiffsdaten und Kennungen:</strong> Name des Schiffs, Hersteller, Modell, Baujahr, Länge, Land, Rumpf- bzw.
            Fahrzeug-Identifikationsnummer (CIN/HIN), Motornummer, nationale Kennzeichen und MMSI.
          </li>
          <li>
            <strong>Eigentümerhistorie:</strong> welches Konto welches Schiff von wann bis wann besaß, und die Art des Erwerbs.
          </li>
          <li>
            <strong>Eigentumsnachweise:</strong> Kaufverträge, Registrierungsdokumente, Rechnungen und ähnliche Dateien, die der
            Eigentümer hochlädt.
          </li>
          <li>
            <strong>Zahlungsmetadaten:</strong> Betrag, Zweck, Status, Datum, Kartenmarke und die letzten vier Ziffern der Karte.
            Vollständige Kartennummern werden nie empfangen oder gespeichert.
          </li>
          <li>
            <strong>Sitzungs- und Sicherheitsprotokolle:</strong> gehashte Sitzungskennungen, Zeitpunkte von Anmeldungen und
            sicherheitsrelevanten Ereignissen sowie Zähler zur Begrenzung von Anfragen, geführt je Konto oder E-Mail-Adresse. Bei
            der Begrenzung werden keine IP-Adressen gespeichert.
          </li>
          <li>
            <strong>Passkeys und Sitzungen:</strong> öffentlicher Schlüssel, Name, Erstellungs- und letztes Nutzungsdatum und
            Sicherungsstatus jedes Passkeys (keine biometrischen Daten: Fingerabdrücke und Gesichter werden auf dem eigenen Gerät
            der Person geprüft); Beginn und letzte Aktivität jeder Sitzung sowie die Familie ihres Browsers und ihrer Plattform,
            gelesen aus dem User-Agent; der Hash eines zufälligen Cookies, das Browser wiedererkennt, mit denen das Konto
            angemeldet wurde. Keine IP-Adressen.
          </li>
        </List>
        <p>Besondere Kategorien personenbezogener Daten (Art. 9 DSGVO) werden nicht absichtlich verarbeitet.</p>
      </Section>

      <Section title="4. Zwecke">
        <List>
          <li>Bereitstellung des Registers: Konten, Schiffsregistrierung, Plattform-IDs und Zertifikate.</li>
          <li>
            Nachweis des Eigentums und Führung einer verlässlichen Eigentümerhistorie, in der Manipulationen erkennbar sind.
          </li>
          <li>Durchführung von Eigentumsübertragungen einschließlich der SMS-Verifizierung des neuen Eigentümers.</li>
          <li>Entgegennahme von Zahlungen und Aufbewahrung der für Buchführungs- und Steuerzwecke erforderlichen Unterlagen.</li>
          <li>Absicherung von Konten und Verhinderung von Betrug, etwa der Registrierung gestohlener Schiffe.</li>
          <li>
            Versand von Servicenachrichten: Bestätigung der E-Mail-Adresse, Zurücksetzen von Passwörtern und Benachrichtigungen zu
            Übertragungen.
          </li>
        </List>
      </Section>

      <Section title="5. Rechtsgrundlage">
        <List>
          <li>
            <strong>Art. 6 Abs. 1 lit. b DSGVO, Vertrag:</strong> Konto, Schiffsregistrierung, Dokumente, Übertragungen und
            Servicenachrichten sind erforderlich, um den vom Nutzer angeforderten Dienst zu erbringen.
          </li>
          <li>
            <strong>Art. 6 Abs. 1 lit. c DSGVO, rechtliche Verpflichtung:</strong> Zahlungsunterlagen werden aufbewahrt, um
            buchhalterische und steuerliche Aufbewahrungspflichten zu erfüllen.
          </li>
          <li>
            <strong>Art. 6 Abs. 1 lit. f DSGVO, berechtigtes Interesse:</strong> Sicherheitsprotokolle, die Begrenzung von
            Anfragen und die Aufbewahrung einer anonymisierten Eigentümerkette nach der Archivierung eines Kontos dienen der
            Betrugsprävention und der Integrität des Registers. Unsere Interessenabwägung hat ergeben, dass diese Interessen
            angesichts der Maßnahmen zur Datenminimierung in Abschnitt 9 nicht durch die Interessen der betroffenen Personen
            überwogen werden.
          </li>
        </List>
      </Section>

      <Section title="6. Notwendigkeit und Verhältnismäßigkeit">
        <p>
          Es werden nur die für den jeweiligen Zweck erforderlichen Daten erhoben: Eine Telefonnummer ist optional, bis eine
          Übertragung sie erfordert, ein Name ist optional, Zahlungsdaten beschränken sich auf Metadaten, und das öffentliche
          Register zeigt nie die Identität der Eigentümer. Zur Information der betroffenen Personen dient die{" "}
          <Link to="/legal/privacy" className="text-primary underline">
            Datenschutzerklärung
          </Link>
          .
        </p>
      </Section>

      <Section title="7. Speicherdauer">
        <List>
          <li>
            Sitzungen: enden nach 12 Stunden Inaktivität oder nach 30 Tagen, wenn „Angemeldet bleiben“ gewählt wurde; eine
            stündliche Bereinigung löscht abgelaufene Sitzungen.
          </li>
          <li>
            Token zur Bestätigung der E-Mail-Adresse: 24 Stunden. Token zum Zurücksetzen des Passworts: 1 Stunde. Beide sind nur
            einmal verwendbar; die stündliche Bereinigung löscht verwendete und abgelaufene Token.
          </li>
          <li>
            Ausgehende E-Mails und SMS: werden bis zur Zustellung in einem Postausgang vorgehalten; der Inhalt (Links,
            Einmalcodes) wird 7 Tage nach der Zustellung oder dem endgültigen Fehlschlag gelöscht, die Nachricht selbst nach 90
            Tagen.
          </li>
          <li>
            Archivierte Konten: Die Anmeldung wird sofort gesperrt und alle Sitzungen werden beendet; Passwort-Hash, Telefonnummer
            und Name werden gelöscht, ebenso die bei den Schiffen des Kontos gespeicherte Telefonnummer, und diese Schiffe werden
            deaktiviert; nicht abgeschlossene Zahlungen werden storniert. Die E-Mail-Adresse wird für die Buchführung mit den
            Zahlungsunterlagen des Kontos aufbewahrt und steht sofort für ein neues Konto zur Verfügung. Die Eigentümerkette der
            Schiffe bleibt zur Wahrung der Integrität des Registers erhalten und wird anderen nur in anonymisierter Form
            angezeigt.
          </li>
          <li>
            Eigentumsnachweise: Diese Funktion ist noch nicht freigeschaltet; ihre Speicherdauer wird hier festgelegt, bevor der
            erste hochgeladene Nachweis angenommen wird.
          </li>
          <li>
            Zahlungsunterlagen: 7 Jahre, wie für die Buchführung vorgeschrieben; danach löscht die stündliche Bereinigung sie samt
            den zugehörigen Ereignissen.
          </li>
          <li>
            Zähler zur Begrenzung von Anfragen: ein Zähler je E-Mail-Adresse oder Client-Adresse, der nach Ablauf seines
            Zeitfensters (15 Minuten bis eine Stunde) zurückgesetzt und danach von der stündlichen Bereinigung gelöscht wird.
            Serverprotokolle enthalten Anfrage-IDs, keine Passwörter, Token oder Sitzungs-IDs.
          </li>
          <li>
            Passkeys: bis der Eigentümer sie entfernt oder das Konto archiviert; die Archivierung löscht sie zusammen mit den
            Sitzungen des Kontos, offenen Passkey-Anfragen (höchstens 5 Minuten) und wiedererkannten Browsern.
          </li>
        </List>
      </Section>

      <Section title="8. Empfänger und Auftragsverarbeiter">
        <p>
          Personenbezogene Daten werden nur an Auftragsverarbeiter weitergegeben, die durch einen Vertrag zur Auftragsverarbeitung
          nach Art. 28 DSGVO gebunden sind:
        </p>
        <List>
          <li>ein Dienstleister für Kartenzahlungen, der Kartenzahlungen abwickelt und Zahlungsmetadaten zurückmeldet;</li>
          <li>ein SMS-Dienstleister, der die Verifizierungscodes für Übertragungen zustellt;</li>
          <li>ein E-Mail-Dienstleister, der E-Mails zur Bestätigung, zum Zurücksetzen und zur Benachrichtigung zustellt;</li>
          <li>unser Hosting-Anbieter.</li>
        </List>
        <p>
          Personenbezogene Daten werden nicht verkauft. Übermittelt ein Auftragsverarbeiter Daten in Länder außerhalb des EWR,
          geschieht dies nur auf Grundlage eines Angemessenheitsbeschlusses oder der EU-Standardvertragsklauseln.
        </p>
      </Section>

      <Section title="9. Risiken und Abhilfemaßnahmen">
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">Risiken für betroffene Personen und die Maßnahmen, die ihnen begegnen</caption>
            <thead>
              <tr className="border-b border-border">
                <th scope="col" className="p-2 font-semibold">
                  Risiko
                </th>
                <th scope="col" className="p-2 font-semibold">
                  Mögliche Auswirkungen
                </th>
                <th scope="col" className="p-2 font-semibold">
                  Abhilfemaßnahmen
                </th>
                <th scope="col" className="p-2 font-semibold">
                  Restrisiko
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
          Mit diesen Maßnahmen wird das Restrisiko als gering eingestuft; eine vorherige Konsultation der Aufsichtsbehörde nach
          Art. 36 DSGVO ist daher nicht erforderlich.
        </p>
      </Section>

      <Section title="10. Rechte der betroffenen Personen">
        <p>
          Betroffene Personen haben das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung,
          Datenübertragbarkeit und Widerspruch (Art. 15 bis 21 DSGVO). Kontoinhaber können ihre Daten auf der Profilseite einsehen
          und ihr Konto dort jederzeit archivieren („Konto löschen“). Andere Anfragen können an <Mail /> gerichtet werden; wir
          antworten innerhalb eines Monats. Jede Person hat zudem das Recht, Beschwerde bei ihrer Datenschutzaufsichtsbehörde
          einzulegen.
        </p>
        <p>
          Das Auskunftsrecht und das Recht auf Datenübertragbarkeit lassen sich direkt ausüben: „Meine Daten herunterladen“ auf
          der Profilseite (oder <code>GET /api/profile/export</code>) gibt dem Kontoinhaber nach einer frischen Anmeldung ein
          JSON-Dokument mit seinem Konto, den Eigentumszeiträumen, den Metadaten seiner Dokumente, Historieneinträgen, Zahlungen
          und Erstattungen, Übertragungen mit maskierten Telefonnummern, Pfandrechten, Sitzungen, Passkeys und den
          Protokolleinträgen über ihn. Es wird nur aus den eigenen Datensätzen der Person gelesen. „Mit meinen Dokumenten
          herunterladen (ZIP)“ (<code>?include=files</code>) fügt die Dateien der Dokumente hinzu, die die Person hochgeladen hat.
        </p>
      </Section>

      <Section title="11. Datenschutzbeauftragter">
        <p>
          Der Datenschutzbeauftragte des Registerbetreibers hat bei dieser Abschätzung beraten und überwacht die darin
          festgelegten Maßnahmen. Kontakt: <Mail /> (Betreff „DSB“).
        </p>
      </Section>
    </>
  );
}
