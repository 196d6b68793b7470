import { Link } from "react-router";
import { List, Mail, Section } from "@/features/legal/components/legal-document";

/** The Terms of Service, in Spanish. */
export default function TermsEs() {
  return (
    <>
      <p>
        Las presentes condiciones regulan el uso que usted hace del Registro Europeo de Embarcaciones de Recreo, gestionado por el
        operador del registro. Al crear una cuenta, usted las acepta. Contacto: <Mail />.
      </p>

      <Section title="1. El servicio">
        <p>
          El registro permite a los propietarios de embarcaciones de recreo registrar sus embarcaciones, recibir un ID de
          plataforma único, guardar documentos acreditativos de la propiedad, mantener un historial de propiedad y transferir la
          propiedad. Es un registro independiente: no es un registro oficial de la Administración y no sustituye ninguna
          matriculación exigida por la ley.
        </p>
      </Section>

      <Section title="2. Su cuenta">
        <List>
          <li>Debe facilitar una dirección de correo electrónico válida y mantener la confidencialidad de su contraseña.</li>
          <li>Usted es responsable de la actividad de su cuenta; avísenos de inmediato si sospecha un uso indebido.</li>
          <li>Puede archivar su cuenta en cualquier momento desde su página de Perfil.</li>
        </List>
      </Section>

      <Section title="3. Tasas">
        <List>
          <li>
            El registro de una embarcación tiene una tasa única de 24,95&nbsp;€, válida durante toda la vigencia del registro.
          </li>
          <li>Cada transferencia de propiedad cuesta 9,95&nbsp;€.</li>
          <li>No hay suscripciones ni cargos periódicos.</li>
          <li>
            Los pagos se realizan con tarjeta a través de nuestro proveedor de pagos. Los precios incluyen el IVA cuando
            corresponda.
          </li>
        </List>
      </Section>

      <Section title="4. Su contenido y su exactitud">
        <p>
          Solo puede registrar embarcaciones de su propiedad o que esté autorizado a registrar, y los datos y documentos que
          facilite deben ser veraces. Podemos suspender los registros que parezcan falsos o fraudulentos, por ejemplo, el de una
          embarcación denunciada como robada.
        </p>
      </Section>

      <Section title="5. Transferencias">
        <p>
          Una transferencia requiere el número de teléfono del nuevo propietario y un código de un solo uso enviado a ese número
          por SMS. Cuando se completa una transferencia, el propietario anterior pierde el acceso a la embarcación y el historial
          de propiedad registra el cambio.
        </p>
      </Section>

      <Section title="6. Derecho de desistimiento">
        <p>
          Si es usted consumidor en la UE, dispone de un derecho de desistimiento de 14 días. Al solicitarnos que registremos una
          embarcación o completemos una transferencia de inmediato, acepta que el servicio se preste en el acto, y pierde el
          derecho de desistimiento una vez que el servicio se haya prestado por completo.
        </p>
      </Section>

      <Section title="7. Responsabilidad">
        <p>
          Procuramos mantener el registro disponible y exacto, pero no podemos garantizar un servicio ininterrumpido. Nada de lo
          dispuesto en estas condiciones limita la responsabilidad que no pueda limitarse por ley. No somos responsables de las
          pérdidas causadas por información incorrecta facilitada por los usuarios.
        </p>
      </Section>

      <Section title="8. Privacidad">
        <p>
          La forma en que tratamos los datos personales se describe en la{" "}
          <Link to="/legal/privacy" className="text-primary underline">
            política de privacidad
          </Link>
          .
        </p>
      </Section>

      <Section title="9. Modificaciones y legislación aplicable">
        <p>
          Podemos modificar estas condiciones con un preaviso de al menos 30 días por correo electrónico. Estas condiciones se
          rigen por la legislación del país de establecimiento del operador del registro, sin perjuicio de las normas imperativas
          de protección de los consumidores de su país de residencia.
        </p>
      </Section>
    </>
  );
}
