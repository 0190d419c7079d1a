import { useId, type InputHTMLAttributes } from "react";

/** A labelled input; validation is the browser's own (required, type, min). */
export function Field({ label, ...input }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} />
    </div>
  );
}

