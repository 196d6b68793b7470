import { Link } from "react-router";
import { List, Mail, Section } from "@/features/legal/components/legal-document";

const RISKS: { risk: string; impact: string; mitigations: string; residual: string }[] = [
  {
    risk: "Apropiación de cuentas (contraseñas adivinadas, reutilizadas u obtenidas mediante suplantación de identidad; enlaces de restablecimiento robados)",
    impact: "Un atacante podría consultar datos personales o iniciar una transferencia de propiedad.",
    mitigations:
      "Las contraseñas se almacenan únicamente como hashes argon2id; las solicitudes de inicio de sesión y de restablecimiento se limitan por cuenta y por dirección de correo electrónico; los tokens de verificación y de restablecimiento son aleatorios, de un solo uso y de corta duración (24 h y 1 h); además, las transferencias requieren un código de un solo uso enviado por SMS al teléfono del nuevo propietario.",
    residual: "Bajo",
  },
  {
    risk: "Uso indebido de una sesión iniciada (un dispositivo desbloqueado y desatendido, una sesión robada)",
    impact: "Alguien podría ceder una embarcación, consentir un gravamen o cambiar el número de móvil del propietario.",
    mitigations:
      "Llaves de acceso (WebAuthn: resistentes al phishing; huellas y caras nunca salen del dispositivo); las transferencias y su tasa, los consentimientos de gravámenes, los cambios del número de móvil, la eliminación de llaves de acceso, el archivo de la cuenta, la exportación de datos y todo cambio de un administrador requieren un inicio de sesión de los últimos cinco minutos; los administradores deben tener una llave de acceso; el propietario recibe un correo cuando se inicia sesión en la cuenta desde un navegador nuevo y puede cerrar cualquier sesión desde la página de perfil. Una cuenta con llave de acceso puede desactivar el inicio de sesión con contraseña; una llave de acceso perdida se sustituye entonces mediante el enlace del correo de restablecimiento, que cierra todas las demás sesiones.",
    residual: "Bajo",
  },
  {
    risk: "Exposición de propietarios anteriores a través del registro público",
    impact: "Los propietarios anteriores podrían ser identificados o contactados en contra de su voluntad.",
    mitigations:
      "Las páginas públicas de las embarcaciones solo muestran el historial de propiedad de forma anonimizada («Propietario anterior», fechas); no se publican nombres, direcciones de correo electrónico ni números de teléfono de los propietarios; los propietarios pueden hacer que una embarcación no sea pública.",
    residual: "Bajo",
  },
  {
    risk: "Filtración de documentos acreditativos de la propiedad",
    impact: "Los documentos pueden contener nombres, direcciones y precios de compra.",
    mitigations:
      "Los documentos nunca son públicos; el acceso se limita al propietario actual y a los administradores autorizados, y se comprueba en el servidor en cada solicitud; los tipos de archivo admitidos están restringidos (PDF, JPG, PNG, máx. 10 MB).",
    residual: "Bajo",
  },
  {
    risk: "Ataques entre sitios (XSS, CSRF, secuestro de clics)",
    impact: "Acciones realizadas o datos leídos en nombre de un usuario con la sesión iniciada.",
    mitigations:
      "Política de seguridad de contenidos estricta (Content Security Policy: scripts y estilos solo de nuestro propio origen); las cookies de sesión son HttpOnly, Secure y SameSite; el servidor comprueba el origen (Origin) de las solicitudes que modifican el estado.",
    residual: "Bajo",
  },
  {
    risk: "Vulneración de los datos de pago",
    impact: "Pérdidas económicas para los usuarios.",
    mitigations:
      "Los datos de la tarjeta se introducen en el formulario del proveedor de pagos y nunca llegan a nuestros servidores; solo conservamos la marca de la tarjeta, los cuatro últimos dígitos y el estado del pago.",
    residual: "Muy bajo",
  },
  {
    risk: "Conservación excesiva",
    impact: "Conservar los datos más tiempo del necesario agrava el impacto de cualquier brecha de datos personales.",
    mitigations:
      "Plazos de conservación fijos (véase más abajo), caducidad automática de sesiones y tokens, anonimización al archivar una cuenta.",
    residual: "Bajo",
  },
];

/** The Data Protection Impact Assessment, in Spanish. */
export default function DpiaEs() {
  return (
    <>
      <p>
        La presente evaluación de impacto relativa a la protección de datos (EIPD) se realiza conforme al artículo 35 del
        Reglamento General de Protección de Datos (RGPD) para el Registro Europeo de Embarcaciones de Recreo. El registro vincula
        a personas físicas con embarcaciones identificables, mantiene un historial de propiedad a lo largo del tiempo y trata
        documentos acreditativos de la propiedad y pagos, por lo que el operador del registro evalúa el tratamiento de forma
        sistemática antes y durante su funcionamiento. La evaluación se revisa al menos una vez al año y siempre que cambia el
        tratamiento.
      </p>

      <Section title="1. Responsable del tratamiento y contacto">
        <p>
          El responsable del tratamiento es el operador del Registro Europeo de Embarcaciones de Recreo. Las consultas sobre esta
          evaluación o sobre sus datos pueden enviarse a <Mail />. Se puede contactar con el delegado de protección de datos (DPD)
          en la misma dirección, con la indicación «A la atención del DPD».
        </p>
      </Section>

      <Section title="2. Descripción del tratamiento">
        <p>
          Los propietarios de embarcaciones de recreo (kayaks, veleros, yates a motor) crean una cuenta, registran embarcaciones
          mediante el pago de una tasa única, reciben un ID de plataforma único, suben documentos acreditativos de la propiedad y
          transfieren la propiedad a otra persona. Cada transferencia se confirma con un código de un solo uso enviado por SMS al
          nuevo propietario y se abona por separado. Los visitantes pueden buscar en un registro público de las embarcaciones
          cuyos propietarios han decidido hacerlas públicas. Los administradores revisan los registros de embarcaciones.
        </p>
      </Section>

      <Section title="3. Categorías de datos personales">
        <List>
          <li>
            <strong>Datos de la cuenta:</strong> dirección de correo electrónico, hash de la contraseña (argon2id; la contraseña
            en sí nunca se almacena), número de teléfono móvil opcional, nombre opcional, fecha y hora de verificación del correo
            electrónico y del teléfono, estado de la verificación de identidad.
          </li>
          <li>
            <strong>Datos e identificadores de la embarcación:</strong> nombre de la embarcación, marca, modelo, año de
            construcción, eslora, país, número de identificación del casco o de la embarcación (CIN/HIN), número de serie del
            motor, marcas de matrícula nacionales y MMSI.
          </li>
          <li>
            <strong>Historial de propiedad:</strong> qué cuenta fue propietaria de qué embarcación, desde cuándo y hasta cuándo, y
            el modo de adquisición.
          </li>
          <li>
            <strong>Documentos acreditativos de la propiedad:</strong> contratos de compraventa, documentos de matrícula, facturas
            y archivos similares subidos por el propietario.
          </li>
          <li>
            <strong>Metadatos de pago:</strong> importe, concepto, estado, fecha, marca de la tarjeta y los cuatro últimos dígitos
            de la tarjeta. Nunca se reciben ni se almacenan números de tarjeta completos.
          </li>
          <li>
            <strong>Registros de sesión y de seguridad:</strong> identificadores de sesión en forma de hash, fecha y hora de los
            inicios de sesión y de los eventos relevantes para la seguridad, y contadores de limitación asociados a una cuenta o a
            una dirección de correo electrónico. La limitación no almacena direcciones IP.
          </li>
          <li>
            <strong>Llaves de acceso y sesiones:</strong> la clave pública, el nombre, las fechas de creación y último uso y el
            estado de copia de seguridad de cada llave de acceso (ningún dato biométrico: huellas y caras se comprueban en el
            propio dispositivo de la persona); el inicio y la última actividad de cada sesión y la familia de su navegador y
            plataforma, leídas del User-Agent; el hash de una cookie aleatoria que reconoce los navegadores desde los que se ha
            iniciado sesión en la cuenta. Ninguna dirección IP.
          </li>
        </List>
        <p>No se tratan intencionadamente categorías especiales de datos personales (artículo 9 del RGPD).</p>
      </Section>

      <Section title="4. Finalidades">
        <List>
          <li>Prestar el servicio de registro: cuentas, registro de embarcaciones, ID de plataforma y certificados.</li>
          <li>
            Acreditar la propiedad y mantener un historial de propiedad fiable en el que cualquier manipulación sea detectable.
          </li>
          <li>Realizar transferencias de propiedad, incluida la verificación por SMS del nuevo propietario.</li>
          <li>Cobrar los pagos y conservar los registros exigidos a efectos contables y fiscales.</li>
          <li>Proteger las cuentas y prevenir el fraude, como el registro de embarcaciones robadas.</li>
          <li>
            Enviar mensajes del servicio: verificación del correo electrónico, restablecimiento de contraseñas y notificaciones de
            transferencias.
          </li>
        </List>
      </Section>

      <Section title="5. Base jurídica">
        <List>
          <li>
            <strong>Artículo 6.1.b) del RGPD, contrato:</strong> la cuenta, el registro de embarcaciones, los documentos, las
            transferencias y los mensajes del servicio son necesarios para prestar el servicio que solicita el usuario.
          </li>
          <li>
            <strong>Artículo 6.1.c) del RGPD, obligación legal:</strong> los registros de pagos se conservan para cumplir las
            obligaciones contables y tributarias de conservación.
          </li>
          <li>
            <strong>Artículo 6.1.f) del RGPD, interés legítimo:</strong> los registros de seguridad, la limitación de intentos y
            la conservación de una cadena de propiedad anonimizada tras el archivo de una cuenta sirven a la prevención del fraude
            y a la integridad del registro. Nuestra ponderación de intereses concluyó que los intereses de los interesados no
            prevalecen sobre estos intereses, habida cuenta de las medidas de minimización descritas en el apartado 9.
          </li>
        </List>
      </Section>

      <Section title="6. Necesidad y proporcionalidad">
        <p>
          Solo se recogen los datos necesarios para cada finalidad: el número de teléfono es opcional hasta que una transferencia
          lo requiere, el nombre es opcional, los datos de pago se limitan a metadatos y el registro público nunca muestra la
          identidad del propietario. Los interesados reciben información a través de la{" "}
          <Link to="/legal/privacy" className="text-primary underline">
            política de privacidad
          </Link>
          .
        </p>
      </Section>

      <Section title="7. Plazos de conservación">
        <List>
          <li>
            Sesiones: finalizan tras 12 horas de inactividad, o tras 30 días si se ha elegido «Recordarme»; una depuración que se
            ejecuta cada hora elimina las sesiones caducadas.
          </li>
          <li>
            Tokens de verificación del correo electrónico: 24 horas. Tokens de restablecimiento de contraseña: 1 hora. Ambos son
            de un solo uso; la depuración horaria elimina los tokens utilizados y caducados.
          </li>
          <li>
            Correos electrónicos y SMS salientes: se conservan en una bandeja de salida hasta su entrega; el contenido (enlaces,
            códigos de un solo uso) se borra 7 días después de la entrega o del fallo definitivo, y el mensaje se elimina a los 90
            días.
          </li>
          <li>
            Cuentas archivadas: el inicio de sesión se bloquea de inmediato y todas las sesiones finalizan; se borran el hash de
            la contraseña, el número de teléfono y el nombre, así como el número de teléfono almacenado en las embarcaciones de la
            cuenta, que se desactivan; los pagos no finalizados se cancelan. La dirección de correo electrónico se conserva junto
            con los registros de pagos de la cuenta a efectos contables y queda disponible de inmediato para una cuenta nueva. La
            cadena de propiedad de las embarcaciones se conserva para garantizar la integridad del registro y solo se muestra a
            terceros de forma anonimizada.
          </li>
          <li>
            Documentos acreditativos de la propiedad: esta función aún no está disponible; su plazo de conservación se indicará
            aquí antes de que se acepte el primer documento subido.
          </li>
          <li>
            Registros de pagos: 7 años, según exige la normativa contable; después, la depuración horaria los elimina junto con
            sus eventos.
          </li>
          <li>
            Contadores de limitación: un contador por dirección de correo electrónico o dirección del cliente, que se reinicia
            cuando transcurre su ventana (de 15 minutos a una hora) y que después elimina la depuración horaria. Los registros del
            servidor contienen identificadores de solicitud, no contraseñas, tokens ni identificadores de sesión.
          </li>
          <li>
            Llaves de acceso: hasta que el titular las elimine o archive la cuenta, lo que las borra junto con las sesiones de la
            cuenta, las solicitudes de llave de acceso pendientes (5 minutos como máximo) y los navegadores reconocidos.
          </li>
        </List>
      </Section>

      <Section title="8. Destinatarios y encargados del tratamiento">
        <p>
          Los datos personales solo se comunican a encargados del tratamiento vinculados por un contrato de encargo del
          tratamiento conforme al artículo 28 del RGPD:
        </p>
        <List>
          <li>un proveedor de pagos con tarjeta, que procesa los pagos con tarjeta y devuelve los metadatos de pago;</li>
          <li>un proveedor de SMS, que entrega los códigos de verificación de las transferencias;</li>
          <li>
            un proveedor de correo electrónico, que entrega los correos de verificación, de restablecimiento y de notificación;
          </li>
          <li>nuestro proveedor de alojamiento web.</li>
        </List>
        <p>
          Los datos personales no se venden. Cuando un encargado del tratamiento transfiere datos fuera del EEE, solo lo hace al
          amparo de una decisión de adecuación o de las cláusulas contractuales tipo de la UE.
        </p>
      </Section>

      <Section title="9. Riesgos y medidas de mitigación">
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">Riesgos para los interesados y medidas que los abordan</caption>
            <thead>
              <tr className="border-b border-border">
                <th scope="col" className="p-2 font-semibold">
                  Riesgo
                </th>
                <th scope="col" className="p-2 font-semibold">
                  Impacto posible
                </th>
                <th scope="col" className="p-2 font-semibold">
                  Medidas de mitigación
                </th>
                <th scope="col" className="p-2 font-semibold">
                  Riesgo residual
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
          Con estas medidas, el riesgo residual se considera bajo; por tanto, no es necesaria la consulta previa a una autoridad
          de control prevista en el artículo 36 del RGPD.
        </p>
      </Section>

      <Section title="10. Derechos de los interesados">
        <p>
          Los interesados tienen derecho de acceso, rectificación, supresión, limitación del tratamiento, portabilidad de los
          datos y oposición (artículos 15 a 21 del RGPD). Los titulares de una cuenta pueden consultar sus datos en la página de
          Perfil y archivar allí su cuenta en cualquier momento («Eliminar cuenta»). Otras solicitudes pueden enviarse a <Mail />;
          respondemos en el plazo de un mes. Toda persona tiene además derecho a presentar una reclamación ante su autoridad de
          control en materia de protección de datos.
        </p>
        <p>
          Los derechos de acceso y de portabilidad pueden ejercerse directamente: «Descargar mis datos» en la página de perfil (o{" "}
          <code>GET /api/profile/export</code>) entrega al titular de la cuenta, tras un inicio de sesión reciente, un documento
          JSON con su cuenta, sus periodos de propiedad, los metadatos de sus documentos, las entradas del historial, sus pagos y
          reembolsos, sus transferencias con los números de teléfono enmascarados, sus gravámenes, sesiones, llaves de acceso y
          las entradas de auditoría que le conciernen. Se lee únicamente de los registros propios de la persona. «Descargar con
          mis documentos (ZIP)» (<code>?include=files</code>) añade los archivos de los documentos que la persona subió.
        </p>
      </Section>

      <Section title="11. Delegado de protección de datos">
        <p>
          El DPD del operador del registro asesoró en esta evaluación y supervisa sus medidas. Contacto: <Mail /> (asunto «DPD»).
        </p>
      </Section>
    </>
  );
}
