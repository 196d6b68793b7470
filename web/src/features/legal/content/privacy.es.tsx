import { Link } from "react-router";
import { List, Mail, Section } from "@/features/legal/components/legal-document";

/** The Privacy Policy, in Spanish. */
export default function PrivacyEs() {
  return (
    <>
      <p>
        Esta política explica qué datos personales trata el Registro Europeo de Embarcaciones de Recreo, por qué y cuáles son sus
        derechos. El operador del registro es el responsable del tratamiento. Contacto: <Mail />.
      </p>

      <Section title="Qué datos recogemos">
        <List>
          <li>
            Cuenta: dirección de correo electrónico, contraseña (almacenada únicamente en forma de hash argon2id), número de
            teléfono y nombre opcionales.
          </li>
          <li>
            Embarcaciones: los datos e identificadores que usted introduzca (como el CIN/HIN, el número de serie del motor, las
            marcas de matrícula nacionales o el MMSI).
          </li>
          <li>Historial de propiedad: qué cuenta fue propietaria de una embarcación y cuándo.</li>
          <li>Los documentos acreditativos de la propiedad que usted suba.</li>
          <li>
            Pagos: importe, estado, marca de la tarjeta y últimos cuatro dígitos. El número de su tarjeta va directamente a
            nuestro proveedor de pagos y nunca llega a nosotros.
          </li>
          <li>
            Datos de seguridad: identificadores de sesión en forma de hash y contadores que limitan los intentos de inicio de
            sesión, asociados a una cuenta o a un correo electrónico (sin direcciones IP).
          </li>
          <li>
            Llaves de acceso y sesiones: la clave pública de cada llave de acceso, su nombre y cuándo se añadió y se usó por
            última vez (su huella, su cara o el bloqueo de pantalla nunca salen de su dispositivo); de cada sesión, cuándo empezó
            y cuándo tuvo actividad por última vez, y la familia de su navegador y sistema (por ejemplo, Firefox en Linux).
          </li>
        </List>
      </Section>

      <Section title="Para qué los usamos y con qué base jurídica">
        <List>
          <li>
            Para prestar el servicio de registro, asignar ID de plataforma y realizar transferencias (ejecución de un contrato,
            art. 6.1.b) del RGPD).
          </li>
          <li>
            Para conservar los registros de pagos conforme a la normativa contable y tributaria (obligación legal, art. 6.1.c) del
            RGPD).
          </li>
          <li>
            Para proteger las cuentas, prevenir el fraude y mantener una cadena de propiedad anonimizada (interés legítimo, art.
            6.1.f) del RGPD).
          </li>
        </List>
      </Section>

      <Section title="Qué es público">
        <p>
          Si hace pública una embarcación, sus datos, su ID de plataforma y un historial de propiedad anonimizado aparecen en el
          registro público. Su nombre, su dirección de correo electrónico y su número de teléfono nunca se muestran allí.
        </p>
      </Section>

      <Section title="Quién los recibe">
        <p>
          Nuestro proveedor de pagos con tarjeta, nuestro proveedor de SMS, nuestro proveedor de correo electrónico y nuestro
          proveedor de alojamiento web, cada uno en virtud de un contrato de encargo del tratamiento. Durante una transferencia,
          el nuevo propietario recibe un código SMS en su propio teléfono. No vendemos datos personales.
        </p>
      </Section>

      <Section title="Cuánto tiempo los conservamos">
        <List>
          <li>
            Sesiones: 12 horas de inactividad, o 30 días con «Recordarme»; las sesiones caducadas se eliminan en el plazo de una
            hora.
          </li>
          <li>
            Enlaces de verificación del correo electrónico: 24 horas. Enlaces para restablecer la contraseña: 1 hora. Los enlaces
            utilizados y caducados se eliminan en el plazo de una hora.
          </li>
          <li>
            Correos electrónicos y mensajes SMS que le enviamos: su contenido (enlaces y códigos) se borra 7 días después del
            envío, y la constancia de que se envió un mensaje se elimina a los 90 días.
          </li>
          <li>
            Contadores que impiden adivinar contraseñas (su dirección de correo electrónico o su dirección de red, junto con un
            recuento): se eliminan en el plazo de una hora una vez transcurrida su ventana, de una hora como máximo.
          </li>
          <li>
            Cuando archiva su cuenta, sus datos personales se eliminan o se anonimizan, incluido el número de teléfono almacenado
            con sus embarcaciones; la cadena de propiedad de la embarcación solo se conserva de forma anonimizada. Más adelante
            puede crear una cuenta nueva con la misma dirección de correo electrónico.
          </li>
          <li>Registros de pagos: 7 años; después se eliminan.</li>
          <li>
            Llaves de acceso: hasta que las elimine o archive su cuenta. El registro de los navegadores desde los que ha iniciado
            sesión: hasta que archive su cuenta.
          </li>
        </List>
      </Section>

      <Section title="Sus derechos">
        <p>
          Puede solicitar el acceso, la rectificación, la supresión, la limitación o la portabilidad de sus datos, u oponerse a su
          tratamiento. Puede consultar sus datos en su página de Perfil y archivar allí su cuenta. Para cualquier otra cuestión,
          escriba a <Mail />. También puede presentar una reclamación ante su autoridad de protección de datos. Encontrará más
          información en nuestra{" "}
          <Link to="/legal/dpia" className="text-primary underline">
            evaluación de impacto relativa a la protección de datos
          </Link>
          .
        </p>
      </Section>

      <Section title="Cómo protegemos su cuenta">
        <p>
          Las llaves de acceso y un inicio de sesión reciente protegen todo aquello con lo que se podría ceder su embarcación.
          Iniciar una transferencia, pagar su tasa, consentir un gravamen, cambiar su número de móvil, eliminar una llave de
          acceso, archivar su cuenta y descargar sus datos requieren un inicio de sesión de los últimos cinco minutos; si no,
          antes le volvemos a pedir su contraseña o una llave de acceso. Los administradores no pueden cambiar nada sin una llave
          de acceso. Cuando se inicia sesión en su cuenta desde un navegador que no ha usado antes, le enviamos un correo
          electrónico; su página de perfil muestra sus sesiones y le permite cerrar cualquiera de ellas.
        </p>
      </Section>

      <Section title="Descargar sus datos">
        <p>
          En su página de perfil, «Descargar mis datos» guarda en un solo archivo JSON todo lo que tenemos sobre usted; un
          programa con la sesión iniciada puede pedir lo mismo con <code>GET /api/profile/export</code>. Contiene:
        </p>
        <List>
          <li>su cuenta;</li>
          <li>cada periodo en que fue propietario de una embarcación, con su ID de plataforma y su nombre;</li>
          <li>los documentos que subió: su clase, nombre, tamaño, tipo y estado de revisión;</li>
          <li>las entradas del historial de valor y mantenimiento que escribió;</li>
          <li>sus pagos y reembolsos;</li>
          <li>las transferencias que inició y recibió, con los números de teléfono enmascarados;</li>
          <li>los gravámenes que tiene como acreedor o que constituyó como propietario;</li>
          <li>sus sesiones, y los nombres y fechas de sus llaves de acceso;</li>
          <li>las entradas de auditoría que realizó o que se refieren a su cuenta.</li>
        </List>
        <p>
          En la misma página, «Descargar con mis documentos (ZIP)» (o <code>GET /api/profile/export?include=files</code>) guarda
          un archivo ZIP con ese archivo JSON y los archivos de los documentos que subió.
        </p>
        <p>
          Nunca contiene la dirección de correo electrónico ni el número de teléfono completo de otra persona. Como en toda acción
          delicada, puede que antes se le pida confirmar su contraseña o una llave de acceso.
        </p>
      </Section>

      <Section title="Cookies">
        <p>
          Utilizamos una única cookie de sesión, estrictamente necesaria, para mantener su sesión iniciada. Su elección de idioma
          se guarda dos veces en su navegador: en el almacenamiento local y en una pequeña cookie llamada registry_language, que
          solo indica a nuestro servidor en qué idioma debe enviar las páginas; es estrictamente funcional, no se usa para ningún
          seguimiento y se conserva durante un año. No hay cookies publicitarias ni de seguimiento.
        </p>
        <p>
          Otras dos cookies estrictamente necesarias protegen su cuenta. registry_browser guarda un valor aleatorio que reconoce
          un navegador desde el que ha iniciado sesión, para que podamos avisarle cuando se inicie sesión en su cuenta desde uno
          nuevo; solo se envía a nuestro servicio de inicio de sesión y se conserva dos años, y solo guardamos su hash.
          registry_webauthn guarda una solicitud de llave de acceso durante cinco minutos mientras añade o usa una llave de
          acceso.
        </p>
      </Section>
    </>
  );
}
