import { Link } from "react-router";
import { List, Mail, Section } from "@/features/legal/components/legal-document";

const RISKS: { risk: string; impact: string; mitigations: string; residual: string }[] = [
  {
    risk: "Furto dell'account (password indovinate, riutilizzate o carpite tramite phishing; link di reimpostazione rubati)",
    impact: "Un malintenzionato potrebbe visualizzare dati personali o avviare un trasferimento di proprietà.",
    mitigations:
      "Password conservate solo come hash argon2id; richieste di accesso e di reimpostazione limitate per account e per indirizzo email; token di verifica e di reimpostazione casuali, monouso e di breve durata (24 ore e 1 ora); i trasferimenti richiedono inoltre un codice monouso inviato via SMS al telefono del nuovo proprietario.",
    residual: "Basso",
  },
  {
    risk: "Uso improprio di una sessione attiva (un dispositivo lasciato sbloccato, una sessione rubata)",
    impact:
      "Qualcuno potrebbe cedere un'imbarcazione, acconsentire a un privilegio o cambiare il numero di cellulare del proprietario.",
    mitigations:
      "Passkey (WebAuthn: resistenti al phishing; impronte e volti non lasciano mai il dispositivo); i trasferimenti e la relativa tariffa, i consensi ai privilegi, i cambi del numero di cellulare, la rimozione di passkey, l'archiviazione dell'account, l'esportazione dei dati e ogni modifica di un amministratore richiedono un accesso negli ultimi cinque minuti; gli amministratori devono avere una passkey; il proprietario riceve un'email quando si accede all'account da un nuovo browser e può disconnettere qualsiasi sessione dalla pagina Profilo. Un account con una passkey può disattivare l'accesso con password; una passkey persa viene allora sostituita tramite il link dell'email di reimpostazione, che chiude tutte le altre sessioni.",
    residual: "Basso",
  },
  {
    risk: "Esposizione dei precedenti proprietari tramite il registro pubblico",
    impact: "I precedenti proprietari potrebbero essere identificati o contattati contro la loro volontà.",
    mitigations:
      "Le pagine pubbliche delle imbarcazioni mostrano lo storico delle proprietà solo in forma anonimizzata («Proprietario precedente», date); non vengono pubblicati nomi, indirizzi email o numeri di telefono dei proprietari; i proprietari possono rendere un'imbarcazione non pubblica.",
    residual: "Basso",
  },
  {
    risk: "Fuga di documenti comprovanti la proprietà",
    impact: "I documenti possono contenere nomi, indirizzi e prezzi di acquisto.",
    mitigations:
      "I documenti non sono mai pubblici; l'accesso è limitato al proprietario attuale e agli amministratori autorizzati ed è verificato sul server a ogni richiesta; i tipi di file accettati sono limitati (PDF, JPG, PNG, max 10 MB).",
    residual: "Basso",
  },
  {
    risk: "Attacchi tra siti diversi (XSS, CSRF, clickjacking)",
    impact: "Azioni eseguite o dati letti a nome di un utente che ha effettuato l'accesso.",
    mitigations:
      "Rigorosa politica di sicurezza dei contenuti (Content Security Policy: script e stili solo dalla nostra stessa origine); i cookie di sessione sono HttpOnly, Secure e SameSite; il server verifica l'origine (Origin) delle richieste che modificano lo stato.",
    residual: "Basso",
  },
  {
    risk: "Compromissione dei dati di pagamento",
    impact: "Perdite economiche per gli utenti.",
    mitigations:
      "I dati della carta vengono inseriti nel modulo del fornitore di servizi di pagamento e non raggiungono mai i nostri server; conserviamo solo il circuito della carta, le ultime quattro cifre e lo stato del pagamento.",
    residual: "Molto basso",
  },
  {
    risk: "Conservazione eccessiva",
    impact: "I dati conservati più a lungo del necessario aggravano l'impatto di qualsiasi violazione dei dati personali.",
    mitigations:
      "Tempi di conservazione fissi (vedi sotto), scadenza automatica di sessioni e token, anonimizzazione all'archiviazione dell'account.",
    residual: "Basso",
  },
];

/** The Data Protection Impact Assessment, in Italian. */
export default function DpiaIt() {
  return (
    <>
      <p>
        La presente valutazione d'impatto sulla protezione dei dati (DPIA) è effettuata ai sensi dell'articolo 35 del Regolamento
        generale sulla protezione dei dati (GDPR) per il Registro Europeo delle Piccole Imbarcazioni. Il registro collega persone
        fisiche a imbarcazioni identificabili, conserva nel tempo uno storico delle proprietà e tratta documenti comprovanti la
        proprietà e pagamenti; per questo il gestore del registro valuta il trattamento in modo sistematico prima e durante
        l'esercizio. La valutazione è riesaminata almeno una volta all'anno e ogni volta che il trattamento cambia.
      </p>

      <Section title="1. Titolare del trattamento e contatti">
        <p>
          Il titolare del trattamento è il gestore del Registro Europeo delle Piccole Imbarcazioni. Le domande su questa
          valutazione o sui suoi dati possono essere inviate a <Mail />. Il responsabile della protezione dei dati (RPD) è
          raggiungibile allo stesso indirizzo, con la dicitura «All'attenzione del RPD».
        </p>
      </Section>

      <Section title="2. Descrizione del trattamento">
        <p>
          I proprietari di piccole imbarcazioni (kayak, barche a vela, yacht a motore) creano un account, registrano imbarcazioni
          pagando diritti una tantum, ricevono un ID piattaforma univoco, caricano documenti comprovanti la proprietà e
          trasferiscono la proprietà a un'altra persona. Un trasferimento è confermato con un codice monouso inviato via SMS al
          nuovo proprietario e prevede un pagamento per ciascun trasferimento. I visitatori possono consultare un registro
          pubblico delle imbarcazioni i cui proprietari hanno scelto di renderle pubbliche. Gli amministratori verificano le
          registrazioni.
        </p>
      </Section>

      <Section title="3. Categorie di dati personali">
        <List>
          <li>
            <strong>Dati dell'account:</strong> indirizzo email, hash della password (argon2id; la password in sé non viene mai
            conservata), numero di cellulare facoltativo, nome facoltativo, data e ora di verifica dell'email e del telefono,
            stato della verifica dell'identità.
          </li>
          <li>
            <strong>Dati e identificativi dell'imbarcazione:</strong> nome dell'imbarcazione, cantiere o costruttore, modello,
            anno di costruzione, lunghezza, Paese, numero di identificazione dello scafo o dell'unità (CIN/HIN), numero di
            matricola del motore, sigle di iscrizione nazionali e MMSI.
          </li>
          <li>
            <strong>Storico delle proprietà:</strong> quale account ha posseduto quale imbarcazione, da quando e fino a quando, e
            il tipo di acquisizione.
          </li>
          <li>
            <strong>Documenti comprovanti la proprietà:</strong> atti di vendita, documenti di immatricolazione, fatture e file
            analoghi caricati dal proprietario.
          </li>
          <li>
            <strong>Metadati di pagamento:</strong> importo, causale, stato, data, circuito della carta e ultime quattro cifre
            della carta. I numeri completi delle carte non vengono mai ricevuti né conservati.
          </li>
          <li>
            <strong>Registri di sessione e di sicurezza:</strong> identificativi di sessione sottoposti a hash, data e ora degli
            accessi e degli eventi rilevanti per la sicurezza, e contatori di limitazione associati all'account o all'indirizzo
            email. La limitazione non memorizza indirizzi IP.
          </li>
          <li>
            <strong>Passkey e sessioni:</strong> chiave pubblica, nome, date di creazione e di ultimo utilizzo e stato di backup
            di ogni passkey (nessun dato biometrico: impronte e volti sono verificati sul dispositivo della persona); inizio e
            ultima attività di ogni sessione e famiglia del browser e della piattaforma, ricavate dallo User-Agent; l'hash di un
            cookie casuale che riconosce i browser da cui si è acceduto all'account. Nessun indirizzo IP.
          </li>
        </List>
        <p>Non vengono trattate intenzionalmente categorie particolari di dati personali (art. 9 GDPR).</p>
      </Section>

      <Section title="4. Finalità">
        <List>
          <li>Fornire il registro: account, registrazione delle imbarcazioni, ID piattaforma e certificati.</li>
          <li>
            Dimostrare la proprietà e tenere uno storico delle proprietà affidabile, in cui ogni manomissione sia rilevabile.
          </li>
          <li>Effettuare i trasferimenti di proprietà, compresa la verifica tramite SMS del nuovo proprietario.</li>
          <li>Incassare i pagamenti e conservare le registrazioni richieste ai fini contabili e fiscali.</li>
          <li>Proteggere gli account e prevenire le frodi, come la registrazione di imbarcazioni rubate.</li>
          <li>Inviare messaggi di servizio: verifica dell'email, reimpostazione della password e notifiche sui trasferimenti.</li>
        </List>
      </Section>

      <Section title="5. Base giuridica">
        <List>
          <li>
            <strong>Art. 6, par. 1, lett. b) GDPR, contratto:</strong> account, registrazione delle imbarcazioni, documenti,
            trasferimenti e messaggi di servizio sono necessari per fornire il servizio richiesto dall'utente.
          </li>
          <li>
            <strong>Art. 6, par. 1, lett. c) GDPR, obbligo legale:</strong> le registrazioni dei pagamenti sono conservate per
            adempiere agli obblighi di conservazione contabili e fiscali.
          </li>
          <li>
            <strong>Art. 6, par. 1, lett. f) GDPR, legittimo interesse:</strong> i registri di sicurezza, la limitazione dei
            tentativi e la conservazione di una catena di proprietà anonimizzata dopo l'archiviazione di un account servono alla
            prevenzione delle frodi e all'integrità del registro. Il nostro bilanciamento degli interessi ha concluso che su tali
            interessi non prevalgono gli interessi delle persone interessate, tenuto conto delle misure di minimizzazione di cui
            alla sezione 9.
          </li>
        </List>
      </Section>

      <Section title="6. Necessità e proporzionalità">
        <p>
          Vengono raccolti solo i dati necessari per ciascuna finalità: il numero di telefono è facoltativo finché un
          trasferimento non lo richiede, il nome è facoltativo, i dati di pagamento si limitano ai metadati e il registro pubblico
          non mostra mai l'identità del proprietario. Gli interessati sono informati tramite la nostra{" "}
          <Link to="/legal/privacy" className="text-primary underline">
            informativa sulla privacy
          </Link>
          .
        </p>
      </Section>

      <Section title="7. Tempi di conservazione">
        <List>
          <li>
            Sessioni: terminano dopo 12 ore di inattività, oppure dopo 30 giorni se è stato scelto «Ricordami»; una pulizia
            eseguita ogni ora elimina le sessioni scadute.
          </li>
          <li>
            Token di verifica dell'email: 24 ore. Token di reimpostazione della password: 1 ora. Entrambi sono monouso; la pulizia
            oraria elimina i token utilizzati e scaduti.
          </li>
          <li>
            Email e SMS in uscita: conservati in una coda di invio fino alla consegna; il contenuto (link, codici monouso) viene
            cancellato 7 giorni dopo la consegna o il fallimento definitivo, e il messaggio viene eliminato dopo 90 giorni.
          </li>
          <li>
            Account archiviati: l'accesso viene bloccato immediatamente e ogni sessione termina; l'hash della password, il numero
            di telefono e il nome vengono cancellati, così come il numero di telefono memorizzato sulle imbarcazioni dell'account,
            che vengono disattivate; i pagamenti non completati vengono annullati. L'indirizzo email viene conservato con le
            registrazioni dei pagamenti dell'account ai fini contabili ed è subito disponibile per un nuovo account. La catena di
            proprietà delle imbarcazioni viene conservata per l'integrità del registro e mostrata ad altri solo in forma
            anonimizzata.
          </li>
          <li>
            Documenti comprovanti la proprietà: questa funzionalità non è ancora attiva; i relativi tempi di conservazione saranno
            indicati qui prima che venga accettato il primo documento caricato.
          </li>
          <li>
            Registrazioni dei pagamenti: 7 anni, come richiesto ai fini contabili; successivamente la pulizia oraria le elimina
            insieme ai relativi eventi.
          </li>
          <li>
            Contatori di limitazione: un contatore per indirizzo email o indirizzo del client, azzerato allo scadere del relativo
            intervallo (da 15 minuti a un'ora) ed eliminato in seguito dalla pulizia oraria. I registri del server contengono
            identificativi delle richieste, non password, token o identificativi di sessione.
          </li>
          <li>
            Passkey: finché il titolare non le rimuove o non archivia l'account, il che le cancella insieme alle sessioni
            dell'account, alle richieste di passkey in corso (al massimo 5 minuti) e ai browser riconosciuti.
          </li>
        </List>
      </Section>

      <Section title="8. Destinatari e responsabili del trattamento">
        <p>
          I dati personali sono comunicati solo a responsabili del trattamento vincolati da un accordo sul trattamento dei dati ai
          sensi dell'art. 28 GDPR:
        </p>
        <List>
          <li>
            un fornitore di servizi di pagamento con carta, che elabora i pagamenti con carta e restituisce i metadati di
            pagamento;
          </li>
          <li>un fornitore di SMS, che recapita i codici di verifica dei trasferimenti;</li>
          <li>un fornitore di servizi email, che recapita le email di verifica, di reimpostazione e di notifica;</li>
          <li>il nostro fornitore di hosting.</li>
        </List>
        <p>
          I dati personali non vengono venduti. Se un responsabile del trattamento trasferisce dati al di fuori del SEE, ciò
          avviene solo sulla base di una decisione di adeguatezza o delle clausole contrattuali tipo dell'UE.
        </p>
      </Section>

      <Section title="9. Rischi e misure di mitigazione">
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">Rischi per gli interessati e misure adottate per affrontarli</caption>
            <thead>
              <tr className="border-b border-border">
                <th scope="col" className="p-2 font-semibold">
                  Rischio
                </th>
                <th scope="col" className="p-2 font-semibold">
                  Possibile impatto
                </th>
                <th scope="col" className="p-2 font-semibold">
                  Misure di mitigazione
                </th>
                <th scope="col" className="p-2 font-semibold">
                  Rischio residuo
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
          Con queste misure il rischio residuo è valutato come basso; non è pertanto necessaria la consultazione preventiva
          dell'autorità di controllo ai sensi dell'art. 36 GDPR.
        </p>
      </Section>

      <Section title="10. Diritti degli interessati">
        <p>
          Gli interessati hanno diritto di accesso, rettifica, cancellazione, limitazione del trattamento, portabilità dei dati e
          opposizione (artt. da 15 a 21 GDPR). Chi dispone di un account può consultare i propri dati nella pagina Profilo e
          archiviare lì il proprio account in qualsiasi momento («Elimina account»). Le altre richieste vanno inviate a <Mail />;
          rispondiamo entro un mese. Ognuno ha inoltre il diritto di proporre reclamo alla propria autorità di controllo per la
          protezione dei dati.
        </p>
        <p>
          I diritti di accesso e alla portabilità dei dati si possono esercitare direttamente: «Scarica i miei dati» nella pagina
          Profilo (o <code>GET /api/profile/export</code>) fornisce al titolare dell'account, dopo un accesso recente, un
          documento JSON con il suo account, i periodi di proprietà, i metadati dei documenti, le voci del libretto, i pagamenti e
          i rimborsi, i trasferimenti con i numeri di telefono mascherati, i privilegi, le sessioni, le passkey e le voci del
          registro delle operazioni che lo riguardano. Viene letto solo dai dati propri della persona. «Scarica con i miei
          documenti (ZIP)» (<code>?include=files</code>) aggiunge i file dei documenti che la persona ha caricato.
        </p>
      </Section>

      <Section title="11. Responsabile della protezione dei dati">
        <p>
          Il responsabile della protezione dei dati del gestore del registro ha fornito consulenza su questa valutazione e ne
          sorveglia le misure. Contatti: <Mail /> (oggetto «RPD»).
        </p>
      </Section>
    </>
  );
}
