import { Link } from "react-router";
import { List, Mail, Section } from "@/features/legal/components/legal-document";

/** The Terms of Service, in Italian. */
export default function TermsIt() {
  return (
    <>
      <p>
        I presenti termini disciplinano l'utilizzo del Registro Europeo delle Piccole Imbarcazioni, messo a disposizione dal
        gestore del registro. Creando un account, li accetta. Contatti: <Mail />.
      </p>

      <Section title="1. Il servizio">
        <p>
          Il registro consente ai proprietari di piccole imbarcazioni di registrare le proprie imbarcazioni, ottenere un ID
          piattaforma univoco, conservare i documenti comprovanti la proprietà, tenere uno storico delle proprietà e trasferire la
          proprietà. Si tratta di un registro indipendente: non è un registro ufficiale della pubblica amministrazione e non
          sostituisce alcuna iscrizione prevista dalla legge.
        </p>
      </Section>

      <Section title="2. Il suo account">
        <List>
          <li>Deve fornire un indirizzo email valido e mantenere riservata la sua password.</li>
          <li>È responsabile delle attività svolte nel suo account; ci avvisi immediatamente se sospetta un uso improprio.</li>
          <li>Può archiviare il suo account in qualsiasi momento dalla sua pagina Profilo.</li>
        </List>
      </Section>

      <Section title="3. Corrispettivi">
        <List>
          <li>
            La registrazione di un'imbarcazione prevede diritti una tantum di 24,95&nbsp;€, validi per l'intera durata della
            registrazione.
          </li>
          <li>Ogni trasferimento di proprietà costa 9,95&nbsp;€.</li>
          <li>Non sono previsti abbonamenti né addebiti ricorrenti.</li>
          <li>
            I pagamenti si effettuano con carta tramite il nostro fornitore di servizi di pagamento. I prezzi sono comprensivi di
            IVA, ove applicabile.
          </li>
        </List>
      </Section>

      <Section title="4. I suoi contenuti e la loro esattezza">
        <p>
          Può registrare solo imbarcazioni di sua proprietà o che è autorizzato a registrare, e i dati e i documenti che fornisce
          devono essere veritieri. Possiamo sospendere le registrazioni che appaiono false o fraudolente, ad esempio quella di
          un'imbarcazione denunciata come rubata.
        </p>
      </Section>

      <Section title="5. Trasferimenti">
        <p>
          Un trasferimento richiede il numero di telefono del nuovo proprietario e un codice monouso inviato a tale numero via
          SMS. Una volta completato il trasferimento, il proprietario precedente perde l'accesso all'imbarcazione e lo storico
          delle proprietà registra il cambiamento.
        </p>
      </Section>

      <Section title="6. Diritto di recesso">
        <p>
          Se è un consumatore nell'UE, dispone di un diritto di recesso di 14 giorni. Chiedendoci di registrare un'imbarcazione o
          di completare un trasferimento immediatamente, accetta che il servizio sia eseguito subito, e perde il diritto di
          recesso una volta che il servizio è stato interamente eseguito.
        </p>
      </Section>

      <Section title="7. Responsabilità">
        <p>
          Ci impegniamo a mantenere il registro disponibile e accurato, ma non possiamo garantire un servizio ininterrotto.
          Nessuna disposizione dei presenti termini limita la responsabilità che non può essere limitata per legge. Non siamo
          responsabili dei danni causati da informazioni inesatte fornite dagli utenti.
        </p>
      </Section>

      <Section title="8. Protezione dei dati">
        <p>
          Le modalità con cui trattiamo i dati personali sono descritte nella nostra{" "}
          <Link to="/legal/privacy" className="text-primary underline">
            informativa sulla privacy
          </Link>
          .
        </p>
      </Section>

      <Section title="9. Modifiche e legge applicabile">
        <p>
          Possiamo modificare i presenti termini con un preavviso di almeno 30 giorni comunicato via email. I presenti termini
          sono disciplinati dalla legge del Paese in cui il gestore del registro ha sede, fatte salve le norme imperative a tutela
          dei consumatori del suo Paese di residenza.
        </p>
      </Section>
    </>
  );
}
