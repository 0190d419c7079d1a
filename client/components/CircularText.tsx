import { useId } from "react";
import type { Image } from "../types";
import { Img } from "./Img";

const RADIUS = 80;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** The institute's name set around a circle with the logo at its centre; CSS turns it (unless motion is reduced). */
export function CircularText({ text, logo, className }: { text: string; logo: Image; className?: string }) {
  const label = `${text.toUpperCase()} • `.repeat(2);
  const pathId = useId();
  return (
    <div className={`circular-text ${className ?? ""}`}>
      <svg viewBox="0 0 200 200" aria-hidden="true" className="circular-text-ring">
        <defs>
          <path id={pathId} d={`M 100,100 m -${RADIUS},0 a ${RADIUS},${RADIUS} 0 1,1 ${2 * RADIUS},0 a ${RADIUS},${RADIUS} 0 1,1 -${2 * RADIUS},0`} />
        </defs>
        <text>
          <textPath href={`#${pathId}`} textLength={CIRCUMFERENCE} lengthAdjust="spacing">
            {label}
          </textPath>
        </text>
      </svg>
      <Img image={{ ...logo, alt: "" }} className="circular-text-logo" eager />
    </div>
  );
}
