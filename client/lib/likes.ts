/** The like counter starts at a random whole number from 10 to 109 (spec section 9). */
export const LIKES_MIN = 10;
export const LIKES_MAX = 109;

/** A start value for the like counter; `random` is a number in [0, 1), like Math.random(). */
export function initialLikes(random: number = Math.random()): number {
  return LIKES_MIN + Math.floor(random * (LIKES_MAX - LIKES_MIN + 1));
}
