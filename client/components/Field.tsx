import { useId, type InputHTMLAttributes } from "react";

/** A labelled input, a text box unless given another `type`; validation is the browser's own
 * (required, type, min). The type is written out, since some checkers read a missing one as none. */
export function Field({ label, ...input }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="text" {...input} />
    </div>
  );
}

