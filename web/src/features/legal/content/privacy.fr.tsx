import { Link } from "react-router";
import { List, Mail, Section } from "@/features/legal/components/legal-document";

/** The Privacy Policy, in French. */
export default function PrivacyFr() {
  return (
    <>
      <p>
        La présente politique explique quelles données à caractère personnel le Registre européen des petites embarcations traite,
        pourquoi, et quels sont vos droits. L'exploitant du registre est le responsable du traitement. Contact&nbsp;: <Mail />.
      </p>

      <Section title="Les données que nous collectons">
        <List>
          <li>
            Compte&nbsp;: adresse e-mail, mot de passe (conservé uniquement sous forme de hachage argon2id), numéro de téléphone
            et nom facultatifs.
          </li>
          <li>
            Bateaux&nbsp;: les caractéristiques et identifiants que vous saisissez (tels que CIN/HIN, numéro de série du moteur,
            marques d'immatriculation nationales, MMSI).
          </li>
          <li>Historique de propriété&nbsp;: quel compte a été propriétaire d'un bateau, et à quelle période.</li>
          <li>Les justificatifs de propriété que vous téléversez.</li>
          <li>
            Paiements&nbsp;: montant, statut, marque de la carte et quatre derniers chiffres. Votre numéro de carte est transmis
            directement à notre prestataire de paiement et ne nous parvient jamais.
          </li>
          <li>
            Données de sécurité&nbsp;: identifiants de session hachés et compteurs limitant les tentatives de connexion, tenus par
            compte ou par adresse e-mail (aucune adresse IP).
          </li>
          <li>
            Clés d'accès et sessions : la clé publique de chaque clé d'accès, son nom, sa date d'ajout et de dernière utilisation
            (votre empreinte, votre visage ou le verrouillage de votre écran ne quittent jamais votre appareil) ; pour chaque
            session, son début, sa dernière activité et la famille de son navigateur et de son système (par exemple Firefox sur
            Linux).
          </li>
        </List>
      </Section>

      <Section title="Pourquoi nous les utilisons, et sur quelle base juridique">
        <List>
          <li>
            Pour fournir le registre, attribuer les identifiants plateforme et effectuer les transferts (exécution du contrat,
            art. 6, paragraphe 1, point b), du RGPD).
          </li>
          <li>
            Pour conserver les enregistrements des paiements conformément aux obligations comptables et fiscales (obligation
            légale, art. 6, paragraphe 1, point c), du RGPD).
          </li>
          <li>
            Pour sécuriser les comptes, prévenir la fraude et conserver une chaîne de propriété anonymisée (intérêt légitime, art.
            6, paragraphe 1, point f), du RGPD).
          </li>
        </List>
      </Section>

      <Section title="Ce qui est public">
        <p>
          Si vous rendez un bateau public, ses caractéristiques, son identifiant plateforme et un historique de propriété
          anonymisé apparaissent dans le registre public. Vos nom, adresse e-mail et numéro de téléphone n'y sont jamais affichés.
        </p>
      </Section>

      <Section title="Qui les reçoit">
        <p>
          Notre prestataire de paiement par carte, notre prestataire d'envoi de SMS, notre prestataire d'envoi d'e-mails et notre
          hébergeur, chacun dans le cadre d'un contrat de sous-traitance. Lors d'un transfert, le nouveau propriétaire reçoit un
          code SMS sur son propre téléphone. Nous ne vendons pas de données à caractère personnel.
        </p>
      </Section>

      <Section title="Combien de temps nous les conservons">
        <List>
          <li>
            Sessions&nbsp;: 12 heures d'inactivité, ou 30 jours avec «&nbsp;Se souvenir de moi&nbsp;»&nbsp;; les sessions expirées
            sont supprimées dans l'heure.
          </li>
          <li>
            Liens de vérification de l'adresse e-mail&nbsp;: 24 heures. Liens de réinitialisation du mot de passe&nbsp;: 1 heure.
            Les liens utilisés et expirés sont supprimés dans l'heure.
          </li>
          <li>
            E-mails et SMS que nous vous envoyons&nbsp;: leur contenu (liens et codes) est effacé 7 jours après l'envoi, et la
            trace de l'envoi d'un message est supprimée au bout de 90 jours.
          </li>
          <li>
            Compteurs empêchant de deviner les mots de passe (votre adresse e-mail ou votre adresse réseau, avec un nombre de
            tentatives)&nbsp;: supprimés dans l'heure qui suit l'expiration de leur fenêtre, d'une heure au plus.
          </li>
          <li>
            Lorsque vous archivez votre compte, vos données à caractère personnel sont supprimées ou anonymisées, y compris le
            numéro de téléphone enregistré avec vos bateaux&nbsp;; la chaîne de propriété des bateaux n'est conservée que sous
            forme anonymisée. Vous pourrez ensuite créer un nouveau compte avec la même adresse e-mail.
          </li>
          <li>Enregistrements des paiements&nbsp;: 7 ans, puis supprimés.</li>
          <li>
            Clés d'accès : jusqu'à ce que vous les supprimiez ou archiviez votre compte. La liste des navigateurs depuis lesquels
            vous vous êtes connecté : jusqu'à l'archivage de votre compte.
          </li>
        </List>
      </Section>

      <Section title="Vos droits">
        <p>
          Vous pouvez demander l'accès à vos données, leur rectification, leur effacement, la limitation de leur traitement ou
          leur portabilité, ou vous opposer à leur traitement. Vous pouvez consulter vos données sur votre page Profil et y
          archiver votre compte. Pour toute autre demande, écrivez à <Mail />. Vous pouvez également introduire une réclamation
          auprès de l'autorité de protection des données dont vous relevez. Pour plus de détails, consultez notre{" "}
          <Link to="/legal/dpia" className="text-primary underline">
            analyse d'impact relative à la protection des données
          </Link>
          .
        </p>
      </Section>

      <Section title="La protection de votre compte">
        <p>
          Les clés d'accès et une connexion récente protègent tout ce qui permettrait de céder votre bateau. Lancer un transfert,
          en payer les frais, consentir à un privilège, changer votre numéro de mobile, supprimer une clé d'accès, archiver votre
          compte et télécharger vos données exigent une connexion datant de moins de cinq minutes ; sinon, nous vous redemandons
          d'abord votre mot de passe ou une clé d'accès. Les administrateurs ne peuvent rien modifier sans clé d'accès. Lorsque
          votre compte est connecté depuis un navigateur qu'il n'a encore jamais utilisé, nous vous envoyons un e-mail ; votre
          page Profil liste vos sessions et vous permet de déconnecter n'importe laquelle.
        </p>
      </Section>

      <Section title="Télécharger vos données">
        <p>
          Sur votre page Profil, « Télécharger mes données » enregistre tout ce que nous détenons à votre sujet dans un seul
          fichier JSON ; un programme connecté peut obtenir la même chose avec <code>GET /api/profile/export</code>. Il contient :
        </p>
        <List>
          <li>votre compte ;</li>
          <li>chaque période pendant laquelle vous avez possédé un bateau, avec son identifiant de plateforme et son nom ;</li>
          <li>les documents que vous avez téléversés : leur type, nom, taille, format et statut de vérification ;</li>
          <li>les entrées du carnet de valeur et d'entretien que vous avez rédigées ;</li>
          <li>vos paiements et remboursements ;</li>
          <li>les transferts que vous avez lancés et reçus, avec les numéros de téléphone masqués ;</li>
          <li>les privilèges que vous détenez en tant que prêteur ou avez consentis en tant que propriétaire ;</li>
          <li>vos sessions, ainsi que les noms et dates de vos clés d'accès ;</li>
          <li>les entrées du journal d'audit que vous avez effectuées ou qui concernent votre compte.</li>
        </List>
        <p>
          Sur la même page, « Télécharger avec mes documents (ZIP) » (ou <code>GET /api/profile/export?include=files</code>)
          enregistre un fichier ZIP contenant ce fichier JSON et les fichiers des documents que vous avez téléversés.
        </p>
        <p>
          Il ne contient jamais l'adresse e-mail ni le numéro de téléphone complet d'une autre personne. Comme pour toute action
          sensible, il peut d'abord vous être demandé de confirmer votre mot de passe ou une clé d'accès.
        </p>
      </Section>

      <Section title="Cookies">
        <p>
          Nous utilisons un seul cookie de session, strictement nécessaire, pour vous maintenir connecté. Votre choix de langue
          est enregistré deux fois dans votre navigateur&nbsp;: dans le stockage local, et dans un petit cookie nommé
          registry_language, qui indique seulement à notre serveur dans quelle langue envoyer les pages&nbsp;; ce cookie est
          strictement fonctionnel, ne sert à aucun suivi et est conservé un an. Il n'y a aucun cookie publicitaire ou de suivi.
        </p>
        <p>
          Deux autres cookies strictement nécessaires protègent votre compte. registry_browser contient une valeur aléatoire qui
          reconnaît un navigateur depuis lequel vous vous êtes connecté, afin que nous puissions vous prévenir lorsque votre
          compte est connecté depuis un nouveau navigateur ; il n'est envoyé qu'à notre service de connexion et conservé deux ans,
          et nous n'en gardons que l'empreinte (hash). registry_webauthn contient une demande de clé d'accès pendant cinq minutes
          lorsque vous ajoutez ou utilisez une clé d'accès.
        </p>
      </Section>
    </>
  );
}
