import { Link } from "react-router";
import { List, Mail, Section } from "@/features/legal/components/legal-document";

/** The Privacy Policy, in Dutch. */
export default function PrivacyNl() {
  return (
    <>
      <p>
        Dit beleid legt uit welke persoonsgegevens het Europees Register voor Kleine Vaartuigen verwerkt, waarom, en welke rechten
        u hebt. De exploitant van het register is de verwerkingsverantwoordelijke. Contact: <Mail />.
      </p>

      <Section title="Welke gegevens wij verzamelen">
        <List>
          <li>Account: e-mailadres, wachtwoord (uitsluitend opgeslagen als argon2id-hash), optioneel telefoonnummer en naam.</li>
          <li>
            Vaartuigen: de gegevens en identificatienummers die u invoert (zoals CIN/HIN, serienummer van de motor, nationale
            registratiekenmerken, MMSI).
          </li>
          <li>Eigendomsgeschiedenis: welk account een vaartuig in eigendom had, en wanneer.</li>
          <li>Eigendomsbewijzen die u uploadt.</li>
          <li>
            Betalingen: bedrag, status, kaartmerk en laatste vier cijfers. Uw kaartnummer gaat rechtstreeks naar onze
            betaaldienstverlener en komt nooit bij ons terecht.
          </li>
          <li>
            Beveiligingsgegevens: gehashte sessie-ID's en tellers die inlogpogingen beperken, bijgehouden per account of
            e-mailadres (geen IP-adressen).
          </li>
          <li>
            Passkeys en sessies: de publieke sleutel van elke passkey, de naam en wanneer die is toegevoegd en voor het laatst is
            gebruikt (uw vingerafdruk, gezicht of schermvergrendeling verlaat uw apparaat nooit); voor elke sessie wanneer die
            begon en voor het laatst actief was, en de familie van de browser en het systeem (zoals Firefox op Linux).
          </li>
        </List>
      </Section>

      <Section title="Waarvoor wij ze gebruiken, en op welke grondslag">
        <List>
          <li>
            Om het register aan te bieden, platform-ID's toe te kennen en overdrachten uit te voeren (overeenkomst, art. 6 lid 1
            sub b AVG).
          </li>
          <li>
            Om betalingsgegevens te bewaren voor de boekhouding en op grond van de belastingwetgeving (wettelijke verplichting,
            art. 6 lid 1 sub c AVG).
          </li>
          <li>
            Om accounts te beveiligen, fraude te voorkomen en een geanonimiseerde eigendomsketen bij te houden (gerechtvaardigd
            belang, art. 6 lid 1 sub f AVG).
          </li>
        </List>
      </Section>

      <Section title="Wat openbaar is">
        <p>
          Als u een vaartuig openbaar maakt, verschijnen de gegevens ervan, het platform-ID en een geanonimiseerde
          eigendomsgeschiedenis in het openbare register. Uw naam, e-mailadres en telefoonnummer worden daar nooit getoond.
        </p>
      </Section>

      <Section title="Wie ze ontvangt">
        <p>
          Onze dienstverleners voor kaartbetalingen, sms en e-mail, en onze hostingdienstverlener, elk op basis van een
          verwerkersovereenkomst. Bij een overdracht ontvangt een nieuwe eigenaar een sms-code op de eigen telefoon. Wij verkopen
          geen persoonsgegevens.
        </p>
      </Section>

      <Section title="Hoe lang wij ze bewaren">
        <List>
          <li>
            Sessies: na 12 uur inactiviteit, of na 30 dagen met "Onthoud mij"; verlopen sessies worden binnen een uur verwijderd.
          </li>
          <li>
            Links voor e-mailverificatie: 24 uur. Links om uw wachtwoord opnieuw in te stellen: 1 uur. Gebruikte en verlopen links
            worden binnen een uur verwijderd.
          </li>
          <li>
            E-mails en sms-berichten die wij u sturen: de inhoud (links en codes) wordt 7 dagen na verzending gewist, en de
            vermelding dat een bericht is verzonden wordt na 90 dagen verwijderd.
          </li>
          <li>
            Tellers die het raden van wachtwoorden tegengaan (uw e-mailadres of netwerkadres met een aantal pogingen): binnen een
            uur verwijderd nadat hun tijdvenster van ten hoogste een uur is verstreken.
          </li>
          <li>
            Wanneer u uw account archiveert, worden uw persoonsgegevens verwijderd of geanonimiseerd, inclusief het telefoonnummer
            dat bij uw vaartuigen is opgeslagen; de eigendomsketen van het vaartuig wordt alleen in geanonimiseerde vorm bewaard.
            U kunt later een nieuw account aanmaken met hetzelfde e-mailadres.
          </li>
          <li>Betalingsgegevens: 7 jaar, daarna verwijderd.</li>
          <li>
            Passkeys: tot u ze verwijdert of uw account archiveert. De lijst van browsers waarmee u bent ingelogd: tot u uw
            account archiveert.
          </li>
        </List>
      </Section>

      <Section title="Uw rechten">
        <p>
          U kunt om inzage, rectificatie, wissing, beperking of overdraagbaarheid vragen, of bezwaar maken tegen de verwerking. Op
          uw profielpagina kunt u uw gegevens bekijken en uw account archiveren. Voor al het andere schrijft u naar <Mail />. U
          kunt ook een klacht indienen bij uw toezichthoudende autoriteit voor gegevensbescherming. Meer details vindt u in onze{" "}
          <Link to="/legal/dpia" className="text-primary underline">
            gegevensbeschermingseffectbeoordeling
          </Link>
          .
        </p>
      </Section>

      <Section title="Hoe wij uw account beschermen">
        <p>
          Passkeys en een recente aanmelding beschermen alles waarmee uw vaartuig kan worden weggegeven. Een overdracht starten,
          de kosten ervan betalen, instemmen met een pandrecht, uw mobiele nummer wijzigen, een passkey verwijderen, uw account
          archiveren en uw gegevens downloaden vereisen een aanmelding van de laatste vijf minuten; anders vragen wij eerst
          opnieuw om uw wachtwoord of een passkey. Beheerders kunnen zonder passkey niets wijzigen. Wordt er op uw account
          ingelogd vanuit een browser die het nog niet heeft gebruikt, dan mailen wij u; uw profielpagina toont uw sessies en laat
          u elk daarvan uitloggen.
        </p>
      </Section>

      <Section title="Uw gegevens downloaden">
        <p>
          Op uw profielpagina bewaart ‘Mijn gegevens downloaden’ alles wat wij over u bewaren als één JSON-bestand; een ingelogd
          programma kan hetzelfde opvragen met <code>GET /api/profile/export</code>. Het bevat:
        </p>
        <List>
          <li>uw account;</li>
          <li>elke periode waarin u een vaartuig bezat, met het platform-ID en de naam van het vaartuig;</li>
          <li>de documenten die u hebt geüpload: soort, naam, grootte, type en beoordelingsstatus;</li>
          <li>de vermeldingen in het waarde- en onderhoudsdossier die u hebt geschreven;</li>
          <li>uw betalingen en terugbetalingen;</li>
          <li>de overdrachten die u hebt gestart en ontvangen, met gemaskeerde telefoonnummers;</li>
          <li>de pandrechten die u als geldgever houdt of als eigenaar hebt verleend;</li>
          <li>uw sessies, en de namen en data van uw passkeys;</li>
          <li>de auditregels die u hebt gemaakt of die over uw account gaan.</li>
        </List>
        <p>
          Op dezelfde pagina bewaart ‘Downloaden met mijn documenten (ZIP)’ (of <code>GET /api/profile/export?include=files</code>
          ) een ZIP-bestand met dat JSON-bestand en de bestanden van de documenten die u hebt geüpload.
        </p>
        <p>
          Het bevat nooit het e-mailadres of het volledige telefoonnummer van een ander. Zoals bij elke gevoelige handeling kan u
          eerst worden gevraagd uw wachtwoord of een passkey te bevestigen.
        </p>
      </Section>

      <Section title="Cookies">
        <p>
          Wij gebruiken één strikt noodzakelijke sessiecookie om u ingelogd te houden. Uw taalkeuze wordt twee keer in uw browser
          bewaard: in de lokale opslag en in een kleine cookie met de naam registry_language, die onze server alleen laat weten in
          welke taal hij de pagina's moet sturen; deze cookie is strikt functioneel, dient niet om u te volgen en blijft één jaar
          bewaard. Er zijn geen advertentiecookies en geen cookies die u volgen.
        </p>
        <p>
          Twee andere strikt noodzakelijke cookies beschermen uw account. registry_browser bevat een willekeurige waarde die een
          browser herkent waarmee u bent ingelogd, zodat wij u kunnen laten weten wanneer er vanuit een nieuwe browser op uw
          account wordt ingelogd; het wordt alleen naar onze inlogdienst gestuurd en twee jaar bewaard, en wij bewaren alleen de
          hash ervan. registry_webauthn bewaart vijf minuten lang een passkeyverzoek terwijl u een passkey toevoegt of gebruikt.
        </p>
      </Section>
    </>
  );
}
