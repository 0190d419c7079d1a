// A practitioner's registration, shown under their name: India's Telemedicine Practice Guidelines (2020) ask a
// doctor consulting online to show it on the website.
import type { Registration } from "../types";
import { fill, useStrings } from "../i18n";

export function RegistrationLine({ registration }: { registration: Registration }) {
  const t = useStrings();
  return <p className="registration">{fill(t.credentials.registration, { ...registration })}</p>;
}
