import { Link } from "react-router";
import { List, Mail, Section } from "@/features/legal/components/legal-document";

const RISKS: { risk: string; impact: string; mitigations: string; residual: string }[] = [
  {
    risk: "Overname van accounts (geraden, hergebruikte of via phishing buitgemaakte wachtwoorden; gestolen links om het wachtwoord opnieuw in te stellen)",
    impact: "Een aanvaller zou persoonsgegevens kunnen inzien of een eigendomsoverdracht kunnen starten.",
    mitigations:
      "Wachtwoorden worden uitsluitend als argon2id-hashes opgeslagen; inlog- en resetverzoeken worden per account en per e-mailadres beperkt; verificatie- en resettokens zijn willekeurig, eenmalig bruikbaar en kort geldig (24 uur en 1 uur); overdrachten vereisen daarnaast een eenmalige sms-code die naar de telefoon van de nieuwe eigenaar wordt gestuurd.",
    residual: "Laag",
  },
  {
    risk: "Misbruik van een ingelogde sessie (een onbeheerd ontgrendeld apparaat, een gestolen sessie)",
    impact:
      "Iemand zou een vaartuig kunnen weggeven, met een pandrecht kunnen instemmen of het mobiele nummer van de eigenaar kunnen wijzigen.",
    mitigations:
      "Passkeys (WebAuthn: bestand tegen phishing; vingerafdrukken en gezichten verlaten het apparaat nooit); overdrachten en de kosten ervan, instemmingen met pandrechten, wijzigingen van het mobiele nummer, het verwijderen van passkeys, het archiveren van het account, de gegevensexport en elke wijziging door een beheerder vereisen een aanmelding van de laatste vijf minuten; beheerders moeten een passkey hebben; de eigenaar krijgt een e-mail wanneer er vanuit een nieuwe browser op het account wordt ingelogd en kan elke sessie uitloggen op de profielpagina. Een account met een passkey kan aanmelden met wachtwoord uitzetten; een verloren passkey wordt dan vervangen via de link in de e-mail om het wachtwoord opnieuw in te stellen, die alle andere sessies beëindigt.",
    residual: "Laag",
  },
  {
    risk: "Blootstelling van eerdere eigenaren via het openbare register",
    impact: "Eerdere eigenaren zouden tegen hun wil kunnen worden geïdentificeerd of benaderd.",
    mitigations:
      "Openbare vaartuigpagina's tonen de eigendomsgeschiedenis alleen in geanonimiseerde vorm ('Vorige eigenaar', data); er worden geen namen, e-mailadressen of telefoonnummers van eigenaren gepubliceerd; eigenaren kunnen een vaartuig niet-openbaar maken.",
    residual: "Laag",
  },
  {
    risk: "Uitlekken van eigendomsbewijzen",
    impact: "Documenten kunnen namen, adressen en aankoopprijzen bevatten.",
    mitigations:
      "Documenten zijn nooit openbaar; de toegang is beperkt tot de huidige eigenaar en bevoegde beheerders en wordt bij elk verzoek op de server gecontroleerd; alleen bepaalde bestandstypen worden geaccepteerd (pdf, jpg, png, max. 10 MB).",
    residual: "Laag",
  },
  {
    risk: "Cross-site-aanvallen (XSS, CSRF, clickjacking)",
    impact: "Handelingen die worden verricht of gegevens die worden gelezen op naam van een ingelogde gebruiker.",
    mitigations:
      "Een strikt inhoudsbeveiligingsbeleid (Content Security Policy: scripts en stijlen alleen van onze eigen oorsprong); sessiecookies hebben de kenmerken HttpOnly, Secure en SameSite; de server controleert de herkomst (Origin) van verzoeken die de status wijzigen.",
    residual: "Laag",
  },
  {
    risk: "Inbreuk op betaalgegevens",
    impact: "Financieel verlies voor gebruikers.",
    mitigations:
      "Kaartgegevens worden ingevoerd in het formulier van de betaaldienstverlener en bereiken onze servers nooit; wij bewaren alleen het kaartmerk, de laatste vier cijfers en de betalingsstatus.",
    residual: "Zeer laag",
  },
  {
    risk: "Te lange bewaring",
    impact: "Gegevens die langer dan nodig worden bewaard, vergroten de gevolgen van een eventuele inbreuk.",
    mitigations:
      "Vaste bewaartermijnen (zie hieronder), automatisch verlopen van sessies en tokens, anonimisering bij archivering van een account.",
    residual: "Laag",
  },
];

/** The Data Protection Impact Assessment, in Dutch. */
export default function DpiaNl() {
  return (
    <>
      <p>
        Deze gegevensbeschermingseffectbeoordeling (DPIA) wordt uitgevoerd op grond van artikel 35 van de Algemene verordening
        gegevensbescherming (AVG) voor het Europees Register voor Kleine Vaartuigen. Het register koppelt natuurlijke personen aan
        identificeerbare vaartuigen, houdt in de loop van de tijd een eigendomsgeschiedenis bij en verwerkt eigendomsbewijzen en
        betalingen; daarom beoordeelt de exploitant van het register de verwerking systematisch, zowel vóór als tijdens de
        exploitatie. De beoordeling wordt ten minste eenmaal per jaar herzien, en telkens wanneer de verwerking verandert.
      </p>

      <Section title="1. Verwerkingsverantwoordelijke en contact">
        <p>
          De verwerkingsverantwoordelijke is de exploitant van het Europees Register voor Kleine Vaartuigen. Vragen over deze
          beoordeling of over uw gegevens kunt u sturen naar <Mail />. De functionaris voor gegevensbescherming (FG) is via
          hetzelfde adres bereikbaar, met de vermelding "Ter attentie van de FG".
        </p>
      </Section>

      <Section title="2. Beschrijving van de verwerking">
        <p>
          Eigenaren van kleine vaartuigen (kajaks, zeilboten, motorjachten) maken een account aan, registreren vaartuigen tegen
          eenmalige kosten, ontvangen een uniek platform-ID, uploaden eigendomsbewijzen en dragen het eigendom over aan een andere
          persoon. Een overdracht wordt bevestigd met een eenmalige code die per sms naar de nieuwe eigenaar wordt gestuurd, en
          wordt per overdracht betaald. Bezoekers kunnen zoeken in een openbaar register van vaartuigen waarvan de eigenaren
          ervoor hebben gekozen ze openbaar te maken. Beheerders beoordelen registraties.
        </p>
      </Section>

      <Section title="3. Categorieën persoonsgegevens">
        <List>
          <li>
            <strong>Accountgegevens:</strong> e-mailadres, wachtwoordhash (argon2id; het wachtwoord zelf wordt nooit opgeslagen),
            optioneel mobiel telefoonnummer, optionele naam, tijdstippen van verificatie van e-mailadres en telefoonnummer, status
            van de identiteitsverificatie.
          </li>
          <li>
            <strong>Vaartuiggegevens en identificatienummers:</strong> naam van het vaartuig, merk, model, bouwjaar, lengte, land,
            romp- of vaartuigidentificatienummer (CIN/HIN), serienummer van de motor, nationale registratiekenmerken en MMSI.
          </li>
          <li>
            <strong>Eigendomsgeschiedenis:</strong> welk account welk vaartuig in eigendom had, van wanneer tot wanneer, en de
            wijze van verkrijging.
          </li>
          <li>
            <strong>Eigendomsbewijzen:</strong> koopakten, registratiedocumenten, facturen en vergelijkbare bestanden die de
            eigenaar uploadt.
          </li>
          <li>
            <strong>Betalingsmetadata:</strong> bedrag, doel, status, datum, kaartmerk en de laatste vier cijfers van de kaart.
            Volledige kaartnummers worden nooit ontvangen of opgeslagen.
          </li>
          <li>
            <strong>Sessie- en beveiligingslogboeken:</strong> gehashte sessie-ID's, tijdstippen van inloggen en van
            beveiligingsrelevante gebeurtenissen, en tellers voor het beperken van pogingen, bijgehouden per account of
            e-mailadres. Bij dat beperken worden geen IP-adressen opgeslagen.
          </li>
          <li>
            <strong>Passkeys en sessies:</strong> publieke sleutel, naam, aanmaak- en laatste gebruiksdatum en back-upstatus van
            elke passkey (geen biometrische gegevens: vingerafdrukken en gezichten worden op het eigen apparaat van de persoon
            gecontroleerd); begin en laatste activiteit van elke sessie en de familie van de browser en het platform, gelezen uit
            de User-Agent; de hash van een willekeurige cookie die browsers herkent waarmee op het account is ingelogd. Geen
            IP-adressen.
          </li>
        </List>
        <p>Er worden niet bewust bijzondere categorieën van persoonsgegevens (artikel 9 AVG) verwerkt.</p>
      </Section>

      <Section title="4. Doeleinden">
        <List>
          <li>Het register aanbieden: accounts, registratie van vaartuigen, platform-ID's en certificaten.</li>
          <li>Eigendom aantonen en een betrouwbare eigendomsgeschiedenis bijhouden waarin manipulatie aantoonbaar is.</li>
          <li>Eigendomsoverdrachten uitvoeren, inclusief sms-verificatie van de nieuwe eigenaar.</li>
          <li>Betalingen ontvangen en de administratie bijhouden die voor boekhoudkundige en fiscale doeleinden vereist is.</li>
          <li>Accounts beveiligen en fraude voorkomen, zoals de registratie van gestolen vaartuigen.</li>
          <li>
            Dienstberichten versturen: e-mailverificatie, het opnieuw instellen van wachtwoorden en meldingen over overdrachten.
          </li>
        </List>
      </Section>

      <Section title="5. Rechtsgrondslag">
        <List>
          <li>
            <strong>Artikel 6 lid 1 sub b AVG, overeenkomst:</strong> account, registratie van vaartuigen, documenten,
            overdrachten en dienstberichten zijn noodzakelijk om de dienst te leveren waar de gebruiker om vraagt.
          </li>
          <li>
            <strong>Artikel 6 lid 1 sub c AVG, wettelijke verplichting:</strong> betalingsgegevens worden bewaard om te voldoen
            aan de boekhoudkundige en fiscale bewaarplichten.
          </li>
          <li>
            <strong>Artikel 6 lid 1 sub f AVG, gerechtvaardigd belang:</strong> beveiligingslogboeken, het beperken van pogingen
            en het bewaren van een geanonimiseerde eigendomsketen nadat een account is gearchiveerd, dienen de fraudepreventie en
            de integriteit van het register. Uit onze belangenafweging is gebleken dat de belangen van de betrokkenen niet
            zwaarder wegen dan deze belangen, gelet op de minimaliseringsmaatregelen in onderdeel 9.
          </li>
        </List>
      </Section>

      <Section title="6. Noodzaak en evenredigheid">
        <p>
          Alleen de gegevens die voor elk doel nodig zijn, worden verzameld: een telefoonnummer is optioneel totdat een overdracht
          het vereist, een naam is optioneel, betalingsgegevens blijven beperkt tot metadata, en het openbare register toont nooit
          de identiteit van de eigenaar. Betrokkenen worden geïnformeerd via het{" "}
          <Link to="/legal/privacy" className="text-primary underline">
            privacybeleid
          </Link>
          .
        </p>
      </Section>

      <Section title="7. Bewaartermijnen">
        <List>
          <li>
            Sessies: eindigen na 12 uur inactiviteit, of na 30 dagen als "Onthoud mij" is gekozen; een opschoning die elk uur
            draait, verwijdert verlopen sessies.
          </li>
          <li>
            Tokens voor e-mailverificatie: 24 uur. Tokens om het wachtwoord opnieuw in te stellen: 1 uur. Beide zijn eenmalig
            bruikbaar; de opschoning die elk uur draait, verwijdert gebruikte en verlopen tokens.
          </li>
          <li>
            Uitgaande e-mails en sms-berichten: worden in een verzendwachtrij bewaard tot ze zijn afgeleverd; de inhoud (links,
            eenmalige codes) wordt 7 dagen na aflevering of definitieve mislukking gewist, en het bericht wordt na 90 dagen
            verwijderd.
          </li>
          <li>
            Gearchiveerde accounts: inloggen is direct niet meer mogelijk en alle sessies worden beëindigd; de wachtwoordhash, het
            telefoonnummer en de naam worden gewist, evenals het telefoonnummer dat is opgeslagen bij de vaartuigen van het
            account, die worden gedeactiveerd; onvoltooide betalingen worden geannuleerd. Het e-mailadres wordt voor de
            boekhouding bewaard bij de betalingsgegevens van het account en is direct weer beschikbaar voor een nieuw account. De
            eigendomsketen van vaartuigen wordt bewaard voor de integriteit van het register en aan anderen alleen in
            geanonimiseerde vorm getoond.
          </li>
          <li>
            Eigendomsbewijzen: deze functie is nog niet beschikbaar; de bewaartermijn ervan wordt hier vastgelegd voordat het
            eerste geüploade bestand wordt aanvaard.
          </li>
          <li>
            Betalingsgegevens: 7 jaar, zoals vereist voor de boekhouding; daarna verwijdert de opschoning die elk uur draait ze,
            samen met de bijbehorende gebeurtenissen.
          </li>
          <li>
            Tellers voor het beperken van pogingen: één teller per e-mailadres of clientadres, die wordt teruggezet wanneer het
            tijdvenster ervan (15 minuten tot een uur) is verstreken, en daarna door de opschoning die elk uur draait wordt
            verwijderd. Serverlogboeken bevatten verzoek-ID's, geen wachtwoorden, tokens of sessie-ID's.
          </li>
          <li>
            Passkeys: tot de houder ze verwijdert of het account archiveert; archiveren wist ze samen met de sessies van het
            account, lopende passkeyverzoeken (hoogstens 5 minuten) en herkende browsers.
          </li>
        </List>
      </Section>

      <Section title="8. Ontvangers en verwerkers">
        <p>
          Persoonsgegevens worden alleen gedeeld met verwerkers die gebonden zijn door een verwerkersovereenkomst op grond van
          artikel 28 AVG:
        </p>
        <List>
          <li>een kaartbetalingsdienstverlener, die kaartbetalingen verwerkt en betalingsmetadata terugstuurt;</li>
          <li>een sms-dienstverlener, die verificatiecodes voor overdrachten aflevert;</li>
          <li>
            een e-maildienstverlener, die e-mails voor verificatie, het opnieuw instellen van wachtwoorden en meldingen aflevert;
          </li>
          <li>onze hostingdienstverlener.</li>
        </List>
        <p>
          Persoonsgegevens worden niet verkocht. Wanneer een verwerker gegevens doorgeeft naar buiten de EER, gebeurt dat
          uitsluitend op basis van een adequaatheidsbesluit of de standaardcontractbepalingen van de EU.
        </p>
      </Section>

      <Section title="9. Risico's en maatregelen">
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">Risico's voor betrokkenen en de maatregelen die deze ondervangen</caption>
            <thead>
              <tr className="border-b border-border">
                <th scope="col" className="p-2 font-semibold">
                  Risico
                </th>
                <th scope="col" className="p-2 font-semibold">
                  Mogelijke gevolgen
                </th>
                <th scope="col" className="p-2 font-semibold">
                  Maatregelen
                </th>
                <th scope="col" className="p-2 font-semibold">
                  Restrisico
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
          Met deze maatregelen wordt het restrisico als laag beoordeeld; voorafgaande raadpleging van een toezichthoudende
          autoriteit op grond van artikel 36 AVG is daarom niet vereist.
        </p>
      </Section>

      <Section title="10. Rechten van betrokkenen">
        <p>
          Betrokkenen hebben recht op inzage, rectificatie, gegevenswissing, beperking van de verwerking, overdraagbaarheid van
          gegevens en bezwaar (artikelen 15 tot en met 21 AVG). Accounthouders kunnen hun gegevens bekijken op de profielpagina en
          daar op elk moment hun account archiveren ("Account verwijderen"). Andere verzoeken kunt u sturen naar <Mail />; wij
          antwoorden binnen een maand. Iedereen heeft daarnaast het recht een klacht in te dienen bij de eigen toezichthoudende
          autoriteit voor gegevensbescherming.
        </p>
        <p>
          Het recht op inzage en op overdraagbaarheid kan rechtstreeks worden uitgeoefend: ‘Mijn gegevens downloaden’ op de
          profielpagina (of <code>GET /api/profile/export</code>) geeft de accounthouder na een recente aanmelding één
          JSON-document met het account, de eigendomsperiodes, de metagegevens van de documenten, dossiervermeldingen, betalingen
          en terugbetalingen, overdrachten met gemaskeerde telefoonnummers, pandrechten, sessies, passkeys en de auditregels over
          de persoon. Het wordt alleen uit de eigen gegevens van de persoon gelezen. ‘Downloaden met mijn documenten (ZIP)’ (
          <code>?include=files</code>) voegt de bestanden toe van de documenten die de persoon heeft geüpload.
        </p>
      </Section>

      <Section title="11. Functionaris voor gegevensbescherming">
        <p>
          De FG van de exploitant van het register heeft over deze beoordeling geadviseerd en houdt toezicht op de maatregelen
          ervan. Contact: <Mail /> (onderwerp "FG").
        </p>
      </Section>
    </>
  );
}
