// The data contract between Rust (which builds every route's data, see src/routes.rs) and React.
// Field names match the serde types in src/content/*.rs.

/** One `<source>` of a `<picture>`: a modern format (image/avif, image/webp) at several widths. */
export interface ImageSource {
  type: string;
  srcset: string;
}

export interface Image {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** Raster pictures only (the build's copies, src/images.rs): modern formats, best first. */
  sources?: ImageSource[];
  /** Raster pictures only: the fallback format at the same widths. */
  srcset?: string;
  /** With a srcset: the width the image is shown at. */
  sizes?: string;
}

export interface Faq {
  question: string;
  answer: string;
}

export interface Step {
  number: string;
  title: string;
  description: string;
}

export interface Card {
  title: string;
  description: string;
}

export interface Link {
  label: string;
  url: string;
}

export interface Site {
  instituteName: string;
  description: string;
  psychiatrist: { name: string; title: string };
  phones: string[];
  email: string;
  address: string;
  bookingUrl: string;
  whatsappNumber: string;
  mapsUrl: string;
  social: Link[];
  poweredBy: Link;
  logo: Image;
  /** Menu entries for the six services, in the site's order. */
  services: NavService[];
}

export interface NavService {
  title: string;
  path: string;
}

export interface ServiceCard {
  title: string;
  description: string;
  path: string;
  image: Image;
}

export interface BlogSummary {
  title: string;
  description: string;
  path: string;
  date: string;
  image: Image;
  tags: string[];
  category: string;
  /** The article's language ("en", "hi"), set on its card. */
  lang: string;
}

export interface Section {
  title: string;
  content: string[];
}

export interface Article {
  title: string;
  description: string;
  date: string;
  image: Image;
  tags: string[];
  author: string | null;
  text1: string[];
  crux: string;
  hookTitle: string;
  hookText: string;
  keyPoints: string[];
  diagnosis: Section;
  remedies: Section;
  conclusion: string[];
}

export interface Hero {
  headline: string;
  subheadline: string;
  intro: string;
  images: Image[];
}

export interface Reviews {
  count: number;
  badge: string;
  label: string;
  stars: number;
  avatars: Image[];
  sessionPhotos: Image[];
  heading: string;
  vision: string;
  mission: string[];
}

export interface Testimonial {
  title: string;
  content: string;
  author: string;
}

export interface Landmark {
  name: string;
  distance: string;
  time: string;
}

export interface HomeContent {
  hero: Hero;
  about: { title: string; paragraphs: string[]; image: Image };
  reviews: Reviews;
  consultations: { count: number; label: string };
  whyChooseUs: { headline: string; text: string; image: Image; highlights: Card[] };
  process: { title: string; steps: Step[] };
  testimonials: Testimonial[];
  faqs: Faq[];
  location: { title: string; text: string; mapImage: Image; landmarks: Landmark[] };
  banner: { title: string; text: string };
}

export interface Approach {
  title: string;
  paragraphs: string[];
  points: string[];
}

export interface Benefits {
  title: string;
  intro: string;
  cards: { icon: Image; title: string; description: string }[];
}

export interface TeamMember {
  name: string;
  degrees: string;
  designation: string;
  image: Image;
  description: string[];
}

export interface Team {
  title: string;
  members: TeamMember[];
}

export interface PageHero {
  title: string;
  subtitle: string;
  image: Image;
}

export interface AboutContent {
  hero: PageHero;
  faqs: Faq[];
}

export interface AppointmentContent {
  hero: PageHero;
  form: { title: string; text: string };
  hoursTitle: string;
  openingHours: { day: string; times: string[] }[];
}

export interface ContactContent {
  hero: PageHero;
  form: { title: string; text: string };
  badge: string;
  badgeLabel: string;
}

export interface TherapyContent {
  hero: PageHero;
  intro: string[];
  sections: { title: string; paragraphs: string[] }[];
  faqs: Faq[];
}

export interface NotFoundText {
  code: string;
  message: string;
  linkLabel: string;
}

export interface Service {
  title: string;
  hero: PageHero;
  intro: string[];
  benefits: Card[];
  benefitBullets: string[];
  steps: Step[];
  whyChoose: { title: string; paragraphs: string[] };
  faqs: Faq[];
  cta: { title: string; text: string };
}

export type Page =
  | {
      kind: "home";
      home: HomeContent;
      services: ServiceCard[];
      latestPosts: BlogSummary[];
      approach: Approach;
      benefits: Benefits;
      team: Team;
    }
  | { kind: "about"; about: AboutContent; approach: Approach; benefits: Benefits; team: Team }
  | { kind: "appointment"; appointment: AppointmentContent }
  | { kind: "contact"; contact: ContactContent; approach: Approach }
  | { kind: "therapy"; therapy: TherapyContent }
  | { kind: "service"; service: Service; others: NavService[] }
  | { kind: "blogs"; posts: BlogSummary[]; categories: string[] }
  | { kind: "article"; article: Article; author: string; readingMinutes: number; related: BlogSummary[] }
  | { kind: "notFound"; notFound: NotFoundText };

export type PageKind = Page["kind"];

export interface RouteData {
  /** The route's canonical path ("/404" for the not-found page). */
  path: string;
  /** Absolute canonical URL, built from SITE_URL. */
  canonicalUrl: string;
  /** The picture for link previews (og:image), sized. */
  socialImage: Image;
  lang: string;
  title: string;
  description: string;
  /** The clinic's local date (Asia/Kolkata), yyyy-mm-dd: footer year, earliest appointment date. */
  today: string;
  site: Site;
  page: Page;
}

/** Props of a page component, narrowed to its own kind of page data. */
export interface PageProps<K extends PageKind> {
  data: RouteData;
  page: Extract<Page, { kind: K }>;
}
