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

      <Section title="Cookies">
        <p>
          Utilizamos una única cookie de sesión, estrictamente necesaria, para mantener su sesión iniciada. Su elección de idioma
          se guarda dos veces en su navegador: en el almacenamiento local y en una pequeña cookie llamada registry_language, que
          solo indica a nuestro servidor en qué idioma debe enviar las páginas; es estrictamente funcional, no se usa para ningún
          seguimiento y se conserva durante un año. No hay cookies publicitarias ni de seguimiento.
        </p>
      </Section>
    </>
  );
}
