// Who stands behind a clinical page: the doctor of an online consultation, and who last reviewed the page and
// when its next review is due, each with their registration.
import type { Practitioner, ReviewNote } from "../types";
import { formatDate } from "../lib/dates";
import { fill, useStrings } from "../i18n";
import { RegistrationLine } from "./RegistrationLine";

/** The doctor a service is with, named with their qualifications and registration. */
export function DoctorNote({ doctor }: { doctor: Practitioner }) {
  const t = useStrings();
  return (
    <section className="doctor-note" aria-labelledby="doctor-note">
      <h2 id="doctor-note">{t.credentials.doctorHeading}</h2>
      <p>{fill(t.credentials.doctor, { name: doctor.name, designation: doctor.designation, degrees: doctor.degrees })}</p>
      {doctor.registration && <RegistrationLine registration={doctor.registration} />}
    </section>
  );
}

/** Who last reviewed the page's clinical content, when, and when it is due again. */
export function ReviewedBy({ review }: { review: ReviewNote }) {
  const t = useStrings();
  const { reviewer } = review;
  return (
    <footer className="review-note">
      <p>{fill(t.credentials.reviewedBy, { name: reviewer.name, degrees: reviewer.degrees })}</p>
      {reviewer.registration && <RegistrationLine registration={reviewer.registration} />}
      <p>
        {t.credentials.lastReviewed} <time dateTime={review.lastReviewed}>{formatDate(review.lastReviewed, t)}</time>
        {" · "}
        {t.credentials.nextReview} <time dateTime={review.nextReview}>{formatDate(review.nextReview, t)}</time>
      </p>
    </footer>
  );
}
