import { Link } from "react-router";
import { List, Mail, Section } from "@/features/legal/components/legal-document";

/** The Terms of Service, in French. */
export default function TermsFr() {
  return (
    <>
      <p>
        Les présentes conditions régissent votre utilisation du Registre européen des petites embarcations, géré par l'exploitant
        du registre. En créant un compte, vous les acceptez. Contact&nbsp;: <Mail />.
      </p>

      <Section title="1. Le service">
        <p>
          Le registre permet aux propriétaires de petites embarcations d'enregistrer leurs bateaux, de recevoir un identifiant
          plateforme unique, de conserver des justificatifs de propriété, de tenir un historique de propriété et de transférer la
          propriété. Il s'agit d'un registre indépendant&nbsp;: ce n'est pas un registre officiel tenu par une autorité publique,
          et il ne remplace aucune immatriculation exigée par la loi.
        </p>
      </Section>

      <Section title="2. Votre compte">
        <List>
          <li>Vous devez fournir une adresse e-mail valide et garder votre mot de passe confidentiel.</li>
          <li>
            Vous êtes responsable de l'activité de votre compte&nbsp;; prévenez-nous immédiatement si vous soupçonnez une
            utilisation abusive.
          </li>
          <li>Vous pouvez archiver votre compte à tout moment depuis votre page Profil.</li>
        </List>
      </Section>

      <Section title="3. Frais">
        <List>
          <li>
            L'enregistrement d'un bateau donne lieu à des frais uniques de 24,95&nbsp;€, valables pour toute la durée de
            l'enregistrement.
          </li>
          <li>Chaque transfert de propriété coûte 9,95&nbsp;€.</li>
          <li>Il n'y a ni abonnement ni frais récurrents.</li>
          <li>
            Les paiements s'effectuent par carte auprès de notre prestataire de paiement. Les prix s'entendent TVA comprise, le
            cas échéant.
          </li>
        </List>
      </Section>

      <Section title="4. Votre contenu et son exactitude">
        <p>
          Vous ne pouvez enregistrer que des bateaux dont vous êtes propriétaire ou que vous êtes autorisé à enregistrer, et les
          informations et documents que vous fournissez doivent être véridiques. Nous pouvons suspendre les enregistrements qui
          paraissent faux ou frauduleux, par exemple celui d'un bateau déclaré volé.
        </p>
      </Section>

      <Section title="5. Transferts">
        <p>
          Un transfert requiert le numéro de téléphone du nouveau propriétaire et un code à usage unique envoyé à ce numéro par
          SMS. Une fois le transfert effectué, l'ancien propriétaire perd l'accès au bateau et l'historique de propriété
          enregistre le changement.
        </p>
      </Section>

      <Section title="6. Droit de rétractation">
        <p>
          Si vous êtes un consommateur dans l'UE, vous disposez d'un droit de rétractation de 14 jours. En nous demandant
          d'enregistrer un bateau ou d'effectuer un transfert sans attendre, vous acceptez que le service soit exécuté
          immédiatement, et vous perdez votre droit de rétractation dès que le service a été pleinement exécuté.
        </p>
      </Section>

      <Section title="7. Responsabilité">
        <p>
          Nous veillons à maintenir le registre disponible et exact, mais ne pouvons garantir un service ininterrompu. Aucune
          disposition des présentes conditions ne limite une responsabilité qui ne peut être limitée en vertu de la loi. Nous ne
          sommes pas responsables des préjudices causés par des informations inexactes fournies par les utilisateurs.
        </p>
      </Section>

      <Section title="8. Protection des données">
        <p>
          La manière dont nous traitons les données à caractère personnel est décrite dans la{" "}
          <Link to="/legal/privacy" className="text-primary underline">
            politique de confidentialité
          </Link>
          .
        </p>
      </Section>

      <Section title="9. Modifications et droit applicable">
        <p>
          Nous pouvons modifier les présentes conditions moyennant un préavis d'au moins 30 jours, notifié par e-mail. Les
          présentes conditions sont régies par le droit du pays d'établissement de l'exploitant du registre, sans préjudice des
          règles impératives de protection des consommateurs de votre pays de résidence.
        </p>
      </Section>
    </>
  );
}
