import { Link } from "react-router";
import { List, Mail, Section } from "@/features/legal/components/legal-document";

/** The Privacy Policy, in Italian. */
export default function PrivacyIt() {
  return (
    <>
      <p>
        La presente informativa spiega quali dati personali tratta il Registro Europeo delle Piccole Imbarcazioni, per quali
        motivi e quali sono i suoi diritti. Il gestore del registro è il titolare del trattamento. Contatti: <Mail />.
      </p>

      <Section title="Quali dati raccogliamo">
        <List>
          <li>Account: indirizzo email, password (conservata solo come hash argon2id), numero di telefono e nome facoltativi.</li>
          <li>
            Imbarcazioni: i dati e gli identificativi che inserisce (ad esempio CIN/HIN, numero di matricola del motore, sigle di
            iscrizione nazionali, MMSI).
          </li>
          <li>Storico delle proprietà: quale account è stato proprietario di un'imbarcazione, e in quale periodo.</li>
          <li>I documenti comprovanti la proprietà che carica.</li>
          <li>
            Pagamenti: importo, stato, circuito della carta e ultime quattro cifre. Il numero della sua carta viene trasmesso
            direttamente al nostro fornitore di servizi di pagamento e non ci raggiunge mai.
          </li>
          <li>
            Dati di sicurezza: identificativi di sessione sottoposti a hash e contatori che limitano i tentativi di accesso,
            associati all'account o all'indirizzo email (nessun indirizzo IP).
          </li>
          <li>
            Passkey e sessioni: la chiave pubblica di ogni passkey, il suo nome e quando è stata aggiunta e usata l'ultima volta
            (la sua impronta, il suo volto o il blocco schermo non lasciano mai il suo dispositivo); per ogni sessione, quando è
            iniziata e l'ultima attività, e la famiglia del browser e del sistema (ad esempio Firefox su Linux).
          </li>
        </List>
      </Section>

      <Section title="Perché li utilizziamo e su quale base giuridica">
        <List>
          <li>
            Per fornire il registro, assegnare gli ID piattaforma ed effettuare i trasferimenti (esecuzione di un contratto, art.
            6, par. 1, lett. b) GDPR).
          </li>
          <li>
            Per conservare le registrazioni dei pagamenti ai fini della contabilità e della normativa fiscale (obbligo legale,
            art. 6, par. 1, lett. c) GDPR).
          </li>
          <li>
            Per proteggere gli account, prevenire le frodi e conservare una catena di proprietà anonimizzata (legittimo interesse,
            art. 6, par. 1, lett. f) GDPR).
          </li>
        </List>
      </Section>

      <Section title="Cosa è pubblico">
        <p>
          Se rende pubblica un'imbarcazione, i dati dell'imbarcazione, il relativo ID piattaforma e uno storico delle proprietà
          anonimizzato compaiono nel registro pubblico. Il suo nome, il suo indirizzo email e il suo numero di telefono non vi
          compaiono mai.
        </p>
      </Section>

      <Section title="Chi li riceve">
        <p>
          Il nostro fornitore di servizi di pagamento con carta, il nostro fornitore di SMS, il nostro fornitore di servizi email
          e il nostro fornitore di hosting, ciascuno sulla base di un accordo sul trattamento dei dati. Durante un trasferimento,
          il nuovo proprietario riceve un codice SMS sul proprio telefono. Non vendiamo dati personali.
        </p>
      </Section>

      <Section title="Per quanto tempo li conserviamo">
        <List>
          <li>
            Sessioni: 12 ore di inattività, oppure 30 giorni con «Ricordami»; le sessioni scadute vengono eliminate entro un'ora.
          </li>
          <li>
            Link di verifica dell'indirizzo email: 24 ore. Link per reimpostare la password: 1 ora. I link utilizzati e scaduti
            vengono eliminati entro un'ora.
          </li>
          <li>
            Email e SMS che le inviamo: il loro contenuto (link e codici) viene cancellato 7 giorni dopo l'invio, e la
            registrazione dell'avvenuto invio di un messaggio viene eliminata dopo 90 giorni.
          </li>
          <li>
            Contatori che impediscono di indovinare le password (il suo indirizzo email o indirizzo di rete, con un conteggio):
            eliminati entro un'ora dalla scadenza del relativo intervallo, che dura al massimo un'ora.
          </li>
          <li>
            Quando archivia il suo account, i suoi dati personali vengono rimossi o anonimizzati, compreso il numero di telefono
            memorizzato con le sue imbarcazioni; la catena di proprietà dell'imbarcazione viene conservata solo in forma
            anonimizzata. In seguito potrà creare un nuovo account con lo stesso indirizzo email.
          </li>
          <li>Registrazioni dei pagamenti: 7 anni, poi vengono eliminate.</li>
          <li>
            Passkey: finché non le rimuove o non archivia l'account. L'elenco dei browser da cui ha effettuato l'accesso: finché
            non archivia l'account.
          </li>
        </List>
      </Section>

      <Section title="I suoi diritti">
        <p>
          Può chiedere l'accesso, la rettifica, la cancellazione, la limitazione o la portabilità dei suoi dati, oppure opporsi al
          trattamento. Può consultare i suoi dati nella sua pagina Profilo e lì archiviare il suo account. Per qualsiasi altra
          richiesta, scriva a <Mail />. Può inoltre proporre reclamo alla sua autorità di controllo per la protezione dei dati.
          Maggiori dettagli sono disponibili nella nostra{" "}
          <Link to="/legal/dpia" className="text-primary underline">
            valutazione d'impatto sulla protezione dei dati
          </Link>
          .
        </p>
      </Section>

      <Section title="Come proteggiamo il suo account">
        <p>
          Le passkey e un accesso recente proteggono tutto ciò che potrebbe cedere la sua imbarcazione. Avviare un trasferimento,
          pagarne la tariffa, acconsentire a un privilegio, cambiare il numero di cellulare, rimuovere una passkey, archiviare
          l'account e scaricare i suoi dati richiedono un accesso effettuato negli ultimi cinque minuti; altrimenti le chiediamo
          prima di nuovo la password o una passkey. Gli amministratori non possono modificare nulla senza una passkey. Quando si
          accede al suo account da un browser mai usato prima, le inviamo un'email; la pagina Profilo elenca le sue sessioni e le
          permette di disconnetterne qualsiasi.
        </p>
      </Section>

      <Section title="Scaricare i suoi dati">
        <p>
          Nella pagina Profilo, «Scarica i miei dati» salva in un unico file JSON tutto ciò che conserviamo su di lei; un
          programma autenticato può chiedere lo stesso con <code>GET /api/profile/export</code>. Il file contiene:
        </p>
        <List>
          <li>il suo account;</li>
          <li>ogni periodo in cui ha posseduto un'imbarcazione, con il suo ID piattaforma e il nome;</li>
          <li>i documenti che ha caricato: tipo, nome, dimensione, formato e stato di verifica;</li>
          <li>le voci del libretto di valore e manutenzione che ha scritto;</li>
          <li>i suoi pagamenti e rimborsi;</li>
          <li>i trasferimenti che ha avviato e ricevuto, con i numeri di telefono mascherati;</li>
          <li>i privilegi che detiene come creditore o che ha concesso come proprietario;</li>
          <li>le sue sessioni, e i nomi e le date delle sue passkey;</li>
          <li>le voci del registro delle operazioni che ha eseguito o che riguardano il suo account.</li>
        </List>
        <p>
          Nella stessa pagina, «Scarica con i miei documenti (ZIP)» (o <code>GET /api/profile/export?include=files</code>) salva
          un file ZIP con quel file JSON e i file dei documenti che ha caricato.
        </p>
        <p>
          Non contiene mai l'indirizzo email né il numero di telefono completo di un'altra persona. Come per ogni operazione
          delicata, potrebbe esserle chiesto prima di confermare la password o una passkey.
        </p>
      </Section>

      <Section title="Cookie">
        <p>
          Utilizziamo un solo cookie di sessione, strettamente necessario, per mantenere attivo il suo accesso. La sua scelta
          della lingua viene memorizzata due volte nel suo browser: nella memoria locale e in un piccolo cookie denominato
          registry_language, che indica al nostro server soltanto in quale lingua inviare le pagine; è strettamente funzionale,
          non serve al tracciamento e viene conservato per un anno. Non vi sono cookie pubblicitari né di tracciamento.
        </p>
        <p>
          Altri due cookie strettamente necessari proteggono il suo account. registry_browser contiene un valore casuale che
          riconosce un browser da cui ha effettuato l'accesso, così possiamo avvisarla quando si accede al suo account da uno
          nuovo; viene inviato solo al nostro servizio di accesso ed è conservato per due anni, e ne conserviamo soltanto l'hash.
          registry_webauthn contiene per cinque minuti una richiesta di passkey mentre aggiunge o usa una passkey.
        </p>
      </Section>
    </>
  );
}
