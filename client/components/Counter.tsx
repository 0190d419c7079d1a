import { useCountUp } from "../lib/countUp";

/** A count shown with a plus sign that counts up when first seen; assistive technology reads the final number. */
export function Counter({ target }: { target: number }) {
  const [value, ref] = useCountUp(target);
  return (
    <span className="counter">
      <span ref={ref} aria-hidden="true">
        {value}+
      </span>
      <span className="visually-hidden">{target}+</span>
    </span>
  );
}
