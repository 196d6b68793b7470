import { Link } from "react-router";
import { List, Mail, Section } from "@/features/legal/components/legal-document";

/** The Terms of Service, in Dutch. */
export default function TermsNl() {
  return (
    <>
      <p>
        Deze voorwaarden zijn van toepassing op uw gebruik van het Europees Register voor Kleine Vaartuigen, dat wordt beheerd
        door de exploitant van het register. Door een account aan te maken, aanvaardt u deze voorwaarden. Contact: <Mail />.
      </p>

      <Section title="1. De dienst">
        <p>
          Met het register kunnen eigenaren van kleine vaartuigen hun vaartuigen registreren, een uniek platform-ID ontvangen,
          eigendomsbewijzen opslaan, een eigendomsgeschiedenis bijhouden en het eigendom overdragen. Het is een onafhankelijk
          register: het is geen officieel overheidsregister en vervangt geen wettelijk verplichte registratie.
        </p>
      </Section>

      <Section title="2. Uw account">
        <List>
          <li>U moet een geldig e-mailadres opgeven en uw wachtwoord geheimhouden.</li>
          <li>
            U bent verantwoordelijk voor de activiteiten in uw account; laat het ons onmiddellijk weten als u misbruik vermoedt.
          </li>
          <li>U kunt uw account op elk moment archiveren via uw profielpagina.</li>
        </List>
      </Section>

      <Section title="3. Kosten">
        <List>
          <li>Het registreren van een vaartuig kost eenmalig 24,95&nbsp;€, geldig voor de gehele looptijd van de registratie.</li>
          <li>Elke eigendomsoverdracht kost 9,95&nbsp;€.</li>
          <li>Er zijn geen abonnementen en geen terugkerende kosten.</li>
          <li>
            Betalingen verlopen per kaart via onze betaaldienstverlener. De prijzen zijn inclusief btw, voor zover van toepassing.
          </li>
        </List>
      </Section>

      <Section title="4. Uw inhoud en de juistheid ervan">
        <p>
          U mag alleen vaartuigen registreren waarvan u eigenaar bent of die u gemachtigd bent te registreren, en de gegevens en
          documenten die u verstrekt, moeten naar waarheid zijn. Wij kunnen registraties opschorten die onjuist of frauduleus
          lijken, bijvoorbeeld van een vaartuig dat als gestolen is gemeld.
        </p>
      </Section>

      <Section title="5. Overdrachten">
        <p>
          Voor een overdracht zijn het telefoonnummer van de nieuwe eigenaar en een eenmalige code nodig die per sms naar dat
          nummer wordt gestuurd. Wanneer een overdracht is voltooid, verliest de vorige eigenaar de toegang tot het vaartuig en
          legt de eigendomsgeschiedenis de wijziging vast.
        </p>
      </Section>

      <Section title="6. Herroepingsrecht">
        <p>
          Als u consument bent in de EU, hebt u een herroepingsrecht van 14 dagen. Door ons te vragen een vaartuig direct te
          registreren of een overdracht direct te voltooien, stemt u ermee in dat de dienst onmiddellijk wordt uitgevoerd, en
          verliest u uw herroepingsrecht zodra de dienst volledig is uitgevoerd.
        </p>
      </Section>

      <Section title="7. Aansprakelijkheid">
        <p>
          Wij spannen ons in om het register beschikbaar en juist te houden, maar kunnen geen ononderbroken dienstverlening
          garanderen. Niets in deze voorwaarden beperkt aansprakelijkheid die wettelijk niet kan worden beperkt. Wij zijn niet
          aansprakelijk voor schade die is veroorzaakt door onjuiste informatie die gebruikers verstrekken.
        </p>
      </Section>

      <Section title="8. Privacy">
        <p>
          Hoe wij met persoonsgegevens omgaan, staat beschreven in het{" "}
          <Link to="/legal/privacy" className="text-primary underline">
            privacybeleid
          </Link>
          .
        </p>
      </Section>

      <Section title="9. Wijzigingen en toepasselijk recht">
        <p>
          Wij kunnen deze voorwaarden wijzigen, met een aankondiging per e-mail ten minste 30 dagen van tevoren. Op deze
          voorwaarden is het recht van toepassing van het land waar de exploitant van het register is gevestigd, onverminderd de
          dwingende regels inzake consumentenbescherming van uw woonland.
        </p>
      </Section>
    </>
  );
}
