import { Children, useState, type ReactNode } from "react";

/**
 * A card that turns between its two faces on a click anywhere on it, or with the toggle button
 * (Enter/Space). Each card keeps its own state. Anything but exactly two faces is a programming
 * error, reported in development builds (spec section 8).
 */
export function FlipCard({ label, children }: { label: string; children: ReactNode }) {
  const faces = Children.toArray(children);
  if (process.env.NODE_ENV !== "production" && faces.length !== 2) {
    throw new Error(`FlipCard needs exactly two faces, got ${faces.length}`);
  }
  const [flipped, setFlipped] = useState(false);
  return (
    <div className={`flip-card${flipped ? " flipped" : ""}`} onClick={() => setFlipped(!flipped)}>
      <div className="flip-card-inner">
        <div className="flip-face front" inert={flipped}>
          {faces[0]}
        </div>
        <div className="flip-face back" inert={!flipped}>
          {faces[1]}
        </div>
      </div>
      {/* The click bubbles to the card, which does the turning. */}
      <button type="button" className="flip-toggle" aria-pressed={flipped}>
        {label}
      </button>
    </div>
  );
}
