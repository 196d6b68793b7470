import { Link } from "react-router";
import { List, Mail, Section } from "@/features/legal/components/legal-document";

const RISKS: { risk: string; impact: string; mitigations: string; residual: string }[] = [
  {
    risk: "Prise de contrôle de compte (mots de passe devinés, réutilisés ou obtenus par hameçonnage\u00a0; liens de réinitialisation volés)",
    impact: "Un attaquant pourrait consulter des données à caractère personnel ou lancer un transfert de propriété.",
    mitigations:
      "Mots de passe conservés uniquement sous forme de hachages argon2id\u00a0; demandes de connexion et de réinitialisation limitées par compte et par adresse e-mail\u00a0; jetons de vérification et de réinitialisation aléatoires, à usage unique et de courte durée (24\u00a0h et 1\u00a0h)\u00a0; les transferts exigent en outre un code à usage unique envoyé par SMS au téléphone du nouveau propriétaire.",
    residual: "Faible",
  },
  {
    risk: "Utilisation abusive d'une session connectée (un appareil laissé déverrouillé, une session volée)",
    impact: "Quelqu'un pourrait céder un bateau, consentir à un privilège ou changer le numéro de mobile du propriétaire.",
    mitigations:
      "Clés d'accès (WebAuthn : résistantes à l'hameçonnage ; empreintes et visages ne quittent jamais l'appareil) ; les transferts et leurs frais, les consentements à un privilège, les changements de numéro de mobile, la suppression d'une clé d'accès, l'archivage du compte, l'export des données et toute modification par un administrateur exigent une connexion datant de moins de cinq minutes ; les administrateurs doivent détenir une clé d'accès ; le propriétaire reçoit un e-mail lorsque le compte est connecté depuis un nouveau navigateur et peut déconnecter toute session depuis la page Profil. Un compte doté d'une clé d'accès peut désactiver la connexion par mot de passe ; une clé d'accès perdue est alors remplacée grâce au lien de l'e-mail de réinitialisation, qui ferme toutes les autres sessions.",
    residual: "Faible",
  },
  {
    risk: "Exposition des anciens propriétaires par le registre public",
    impact: "Les anciens propriétaires pourraient être identifiés ou contactés contre leur gré.",
    mitigations:
      "Les pages publiques des bateaux ne montrent l'historique de propriété que sous forme anonymisée («\u00a0Ancien propriétaire\u00a0», dates)\u00a0; aucun nom, adresse e-mail ou numéro de téléphone de propriétaire n'est publié\u00a0; les propriétaires peuvent rendre un bateau non public.",
    residual: "Faible",
  },
  {
    risk: "Fuite de justificatifs de propriété",
    impact: "Les documents peuvent contenir des noms, des adresses et des prix d'achat.",
    mitigations:
      "Les documents ne sont jamais publics\u00a0; l'accès est réservé au propriétaire actuel et aux administrateurs habilités, et vérifié sur le serveur à chaque requête\u00a0; les types de fichiers acceptés sont restreints (PDF, JPG, PNG, 10\u00a0Mo maximum).",
    residual: "Faible",
  },
  {
    risk: "Attaques intersites (XSS, CSRF, détournement de clic)",
    impact: "Actions effectuées ou données consultées au nom d'un utilisateur connecté.",
    mitigations:
      "Politique de sécurité du contenu stricte (Content Security Policy\u00a0: scripts et styles provenant uniquement de notre propre origine)\u00a0; les cookies de session sont HttpOnly, Secure et SameSite\u00a0; le serveur vérifie l'origine (Origin) des requêtes qui modifient l'état.",
    residual: "Faible",
  },
  {
    risk: "Compromission des données de paiement",
    impact: "Perte financière pour les utilisateurs.",
    mitigations:
      "Les données de carte sont saisies dans le formulaire du prestataire de paiement et ne parviennent jamais à nos serveurs\u00a0; nous ne conservons que la marque de la carte, les quatre derniers chiffres et le statut du paiement.",
    residual: "Très faible",
  },
  {
    risk: "Conservation excessive",
    impact: "Des données conservées plus longtemps que nécessaire aggravent les conséquences de toute violation de données.",
    mitigations:
      "Durées de conservation fixes (voir ci-dessous), expiration automatique des sessions et des jetons, anonymisation lors de l'archivage d'un compte.",
    residual: "Faible",
  },
];

/** The Data Protection Impact Assessment, in French. */
export default function DpiaFr() {
  return (
    <>
      <p>
        La présente analyse d'impact relative à la protection des données (AIPD) est réalisée en application de l'article 35 du
        règlement général sur la protection des données (RGPD) pour le Registre européen des petites embarcations. Le registre
        associe des personnes physiques à des bateaux identifiables, conserve un historique de propriété dans le temps et traite
        des justificatifs de propriété ainsi que des paiements&nbsp;; l'exploitant du registre évalue donc le traitement de
        manière systématique, avant sa mise en service et pendant son fonctionnement. L'analyse est réexaminée au moins une fois
        par an et à chaque modification du traitement.
      </p>

      <Section title="1. Responsable du traitement et contact">
        <p>
          Le responsable du traitement est l'exploitant du Registre européen des petites embarcations. Les questions relatives à
          la présente analyse ou à vos données peuvent être adressées à <Mail />. Le délégué à la protection des données (DPD)
          peut être joint à la même adresse, avec la mention «&nbsp;À l'attention du DPD&nbsp;».
        </p>
      </Section>

      <Section title="2. Description du traitement">
        <p>
          Les propriétaires de petites embarcations (kayaks, voiliers, yachts à moteur) créent un compte, enregistrent des bateaux
          moyennant des frais uniques, reçoivent un identifiant plateforme unique, téléversent des justificatifs de propriété et
          transfèrent la propriété à une autre personne. Un transfert est confirmé par un code à usage unique envoyé par SMS au
          nouveau propriétaire et donne lieu à un paiement pour chaque transfert. Les visiteurs peuvent consulter un registre
          public des bateaux que leurs propriétaires ont choisi de rendre publics. Des administrateurs examinent les
          enregistrements.
        </p>
      </Section>

      <Section title="3. Catégories de données à caractère personnel">
        <List>
          <li>
            <strong>Données de compte&nbsp;:</strong> adresse e-mail, hachage du mot de passe (argon2id&nbsp;; le mot de passe
            lui-même n'est jamais conservé), numéro de téléphone mobile facultatif, nom facultatif, horodatages de la vérification
            de l'adresse e-mail et du téléphone, statut de la vérification d'identité.
          </li>
          <li>
            <strong>Données et identifiants des bateaux&nbsp;:</strong> nom du bateau, marque, modèle, année de construction,
            longueur, pays, numéro d'identification de la coque ou de l'embarcation (CIN/HIN), numéro de série du moteur, marques
            d'immatriculation nationales et MMSI.
          </li>
          <li>
            <strong>Historique de propriété&nbsp;:</strong> quel compte a possédé quel bateau, depuis quand et jusqu'à quand, et
            le mode d'acquisition.
          </li>
          <li>
            <strong>Justificatifs de propriété&nbsp;:</strong> actes de vente, documents d'immatriculation, factures et fichiers
            similaires téléversés par le propriétaire.
          </li>
          <li>
            <strong>Métadonnées de paiement&nbsp;:</strong> montant, objet, statut, date, marque de la carte et quatre derniers
            chiffres de la carte. Les numéros de carte complets ne sont jamais reçus ni conservés.
          </li>
          <li>
            <strong>Journaux de session et de sécurité&nbsp;:</strong> identifiants de session hachés, horodatages des connexions
            et des événements liés à la sécurité, et compteurs de limitation tenus par compte ou par adresse e-mail. La limitation
            ne conserve pas d'adresses IP.
          </li>
          <li>
            <strong>Clés d'accès et sessions :</strong> la clé publique, le nom, les dates de création et de dernière utilisation
            et l'état de sauvegarde de chaque clé d'accès (aucune donnée biométrique : empreintes et visages sont vérifiés sur
            l'appareil de la personne) ; le début et la dernière activité de chaque session ainsi que la famille de son navigateur
            et de sa plateforme, lues dans le User-Agent ; l'empreinte (hash) d'un cookie aléatoire qui reconnaît les navigateurs
            depuis lesquels le compte s'est connecté. Aucune adresse IP.
          </li>
        </List>
        <p>
          Aucune catégorie particulière de données à caractère personnel (article 9 du RGPD) n'est traitée intentionnellement.
        </p>
      </Section>

      <Section title="4. Finalités">
        <List>
          <li>Fournir le registre&nbsp;: comptes, enregistrement des bateaux, identifiants plateforme et certificats.</li>
          <li>Prouver la propriété et tenir un historique de propriété fiable, dont toute altération est détectable.</li>
          <li>Effectuer les transferts de propriété, y compris la vérification du nouveau propriétaire par SMS.</li>
          <li>Encaisser les paiements et conserver les pièces requises à des fins comptables et fiscales.</li>
          <li>Sécuriser les comptes et prévenir la fraude, comme l'enregistrement de bateaux volés.</li>
          <li>
            Envoyer des messages de service&nbsp;: vérification de l'adresse e-mail, réinitialisation du mot de passe et
            notifications de transfert.
          </li>
        </List>
      </Section>

      <Section title="5. Base légale">
        <List>
          <li>
            <strong>Article 6, paragraphe 1, point b), du RGPD, contrat&nbsp;:</strong> le compte, l'enregistrement des bateaux,
            les documents, les transferts et les messages de service sont nécessaires pour fournir le service demandé par
            l'utilisateur.
          </li>
          <li>
            <strong>Article 6, paragraphe 1, point c), du RGPD, obligation légale&nbsp;:</strong> les enregistrements des
            paiements sont conservés pour satisfaire aux obligations de conservation comptables et fiscales.
          </li>
          <li>
            <strong>Article 6, paragraphe 1, point f), du RGPD, intérêt légitime&nbsp;:</strong> les journaux de sécurité, la
            limitation des tentatives et la conservation d'une chaîne de propriété anonymisée après l'archivage d'un compte
            servent la prévention de la fraude et l'intégrité du registre. Notre mise en balance des intérêts a conclu que les
            intérêts des personnes concernées ne prévalent pas sur ces intérêts, compte tenu des mesures de minimisation décrites
            à la section 9.
          </li>
        </List>
      </Section>

      <Section title="6. Nécessité et proportionnalité">
        <p>
          Seules les données nécessaires à chaque finalité sont collectées&nbsp;: le numéro de téléphone est facultatif jusqu'à ce
          qu'un transfert l'exige, le nom est facultatif, les données de paiement se limitent aux métadonnées, et le registre
          public n'affiche jamais l'identité des propriétaires. Les personnes concernées sont informées au moyen de la{" "}
          <Link to="/legal/privacy" className="text-primary underline">
            politique de confidentialité
          </Link>
          .
        </p>
      </Section>

      <Section title="7. Durées de conservation">
        <List>
          <li>
            Sessions&nbsp;: elles prennent fin après 12 heures d'inactivité, ou après 30 jours si «&nbsp;Se souvenir de moi&nbsp;»
            a été choisi&nbsp;; une purge horaire supprime les sessions expirées.
          </li>
          <li>
            Jetons de vérification de l'adresse e-mail&nbsp;: 24 heures. Jetons de réinitialisation du mot de passe&nbsp;: 1
            heure. Tous deux sont à usage unique&nbsp;; la purge horaire supprime les jetons utilisés et expirés.
          </li>
          <li>
            E-mails et SMS sortants&nbsp;: conservés dans une file d'envoi jusqu'à leur remise&nbsp;; leur contenu (liens, codes à
            usage unique) est effacé 7 jours après la remise ou l'échec définitif, et le message est supprimé au bout de 90 jours.
          </li>
          <li>
            Comptes archivés&nbsp;: la connexion est immédiatement bloquée et toutes les sessions prennent fin&nbsp;; le hachage
            du mot de passe, le numéro de téléphone et le nom sont effacés, de même que le numéro de téléphone enregistré sur les
            bateaux du compte, qui sont désactivés&nbsp;; les paiements non finalisés sont annulés. L'adresse e-mail est conservée
            avec les enregistrements des paiements du compte à des fins comptables et peut immédiatement servir pour un nouveau
            compte. La chaîne de propriété des bateaux est conservée pour l'intégrité du registre et n'est montrée aux tiers que
            sous forme anonymisée.
          </li>
          <li>
            Justificatifs de propriété&nbsp;: cette fonctionnalité n'est pas encore ouverte&nbsp;; sa durée de conservation sera
            indiquée ici avant que le premier document téléversé soit accepté.
          </li>
          <li>
            Enregistrements des paiements&nbsp;: 7 ans, comme l'exige la comptabilité&nbsp;; la purge horaire les supprime ensuite
            avec leurs événements.
          </li>
          <li>
            Compteurs de limitation&nbsp;: un compteur par adresse e-mail ou adresse client, réinitialisé à l'expiration de sa
            fenêtre (de 15 minutes à une heure), puis supprimé par la purge horaire. Les journaux du serveur contiennent des
            identifiants de requête, et non des mots de passe, des jetons ou des identifiants de session.
          </li>
          <li>
            Clés d'accès : jusqu'à ce que le titulaire les supprime ou archive le compte, ce qui les efface avec les sessions du
            compte, les demandes de clé d'accès en cours (5 minutes au plus) et les navigateurs reconnus.
          </li>
        </List>
      </Section>

      <Section title="8. Destinataires et sous-traitants">
        <p>
          Les données à caractère personnel ne sont communiquées qu'à des sous-traitants liés par un contrat de sous-traitance
          conforme à l'article 28 du RGPD&nbsp;:
        </p>
        <List>
          <li>
            un prestataire de paiement par carte, qui traite les paiements par carte et renvoie les métadonnées de paiement&nbsp;;
          </li>
          <li>un prestataire d'envoi de SMS, qui achemine les codes de vérification des transferts&nbsp;;</li>
          <li>
            un prestataire d'envoi d'e-mails, qui achemine les e-mails de vérification, de réinitialisation et de
            notification&nbsp;;
          </li>
          <li>notre hébergeur.</li>
        </List>
        <p>
          Les données à caractère personnel ne sont pas vendues. Lorsqu'un sous-traitant transfère des données en dehors de l'EEE,
          il ne le fait que sur la base d'une décision d'adéquation ou des clauses contractuelles types de l'UE.
        </p>
      </Section>

      <Section title="9. Risques et mesures d'atténuation">
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">Risques pour les personnes concernées et mesures qui y répondent</caption>
            <thead>
              <tr className="border-b border-border">
                <th scope="col" className="p-2 font-semibold">
                  Risque
                </th>
                <th scope="col" className="p-2 font-semibold">
                  Impact possible
                </th>
                <th scope="col" className="p-2 font-semibold">
                  Mesures d'atténuation
                </th>
                <th scope="col" className="p-2 font-semibold">
                  Risque résiduel
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
          Compte tenu de ces mesures, le risque résiduel est jugé faible&nbsp;; la consultation préalable d'une autorité de
          contrôle prévue à l'article 36 du RGPD n'est donc pas requise.
        </p>
      </Section>

      <Section title="10. Droits des personnes concernées">
        <p>
          Les personnes concernées disposent d'un droit d'accès, de rectification, d'effacement, à la limitation du traitement, à
          la portabilité des données et d'opposition (articles 15 à 21 du RGPD). Les titulaires d'un compte peuvent consulter
          leurs données sur la page Profil et y archiver leur compte à tout moment («&nbsp;Supprimer le compte&nbsp;»). Les autres
          demandes peuvent être adressées à <Mail />, et nous y répondons dans un délai d'un mois. Toute personne a également le
          droit d'introduire une réclamation auprès de son autorité de contrôle en matière de protection des données.
        </p>
        <p>
          Les droits d'accès et à la portabilité des données peuvent s'exercer directement : « Télécharger mes données » sur la
          page Profil (ou <code>GET /api/profile/export</code>) remet au titulaire du compte, après une connexion récente, un
          document JSON contenant son compte, ses périodes de propriété, les métadonnées de ses documents, les entrées du carnet,
          ses paiements et remboursements, ses transferts avec numéros de téléphone masqués, ses privilèges, ses sessions, ses
          clés d'accès et les entrées du journal d'audit le concernant. Il est lu uniquement à partir des données propres à la
          personne. « Télécharger avec mes documents (ZIP) » (<code>?include=files</code>) y ajoute les fichiers des documents que
          la personne a téléversés.
        </p>
      </Section>

      <Section title="11. Délégué à la protection des données">
        <p>
          Le DPD de l'exploitant du registre a été consulté sur la présente analyse et contrôle la mise en œuvre de ses mesures.
          Contact&nbsp;: <Mail /> (objet «&nbsp;DPD&nbsp;»).
        </p>
      </Section>
    </>
  );
}
