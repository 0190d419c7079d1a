// Generated from the Rust types by src/ssr/contract.rs (ts-rs): do not edit. After changing a type
// that crosses to the client, run `UPDATE_CONTRACT=1 cargo test --release contract`.

export type About = { title: string, description: string, hero: PageHero, faqs: Array<Faq>, };

export type AboutSection = { title: string, paragraphs: Array<string>, image: Image, };

/**
 * What the SSR bundle gives back for one URL: `globalThis.render(url, dataJson)` returns this, typed on
 * both sides (`AppRender` in `client/contract.ts`), so Rust reads what the bundle knows instead of
 * working it out again from the HTML.
 */
export type AppRender = { 
/**
 * The app's HTML, for the document's `#root`.
 */
html: string, 
/**
 * How the head names the state the URL's query shows (the blog list's); none for other pages.
 */
stateHead: StateHead | null, 
/**
 * The canonical queries of the list states the page links to (none are the plain list): what
 * pre-rendering follows.
 */
listStates: Array<string>, };

export type Appointment = { title: string, description: string, hero: PageHero, form: FormIntro, hoursTitle: string, openingHours: Array<OpeningDay>, };

/**
 * `approach.toml`
 */
export type Approach = { title: string, paragraphs: Array<string>, points: Array<string>, };

export type Article = { title: string, date: string, image: Image, author: string | null, 
/**
 * The language it is written in: by default its edition's (`Editions::load` fills it in).
 */
lang: string, text1: Array<string>, crux: string, hookTitle: string, hookText: string, keyPoints: Array<string>, diagnosis: Section, remedies: Section, conclusion: Array<string>, };

export type Banner = { title: string, text: string, };

export type BenefitCard = { icon: Image, title: string, description: string, };

/**
 * `benefits.toml`
 */
export type Benefits = { title: string, intro: string, cards: Array<BenefitCard>, };

export type BlogSummary = { title: string, description: string, path: string, date: string, image: Image, 
/**
 * As the edition shows them (`Categories::label`): what the card lists and the search matches.
 */
tags: Array<string>, 
/**
 * The category's key (`Category::key`), the same in every edition.
 */
category: string, categoryName: string, 
/**
 * The article's language: its card carries it, so a Hindi title is read and set as Hindi anywhere.
 */
lang: string, };

export type CallToAction = { title: string, text: string, };

export type Card = { title: string, description: string, };

/**
 * A blog category: its key (in the URL, the same in every edition) and its name in this edition.
 */
export type CategoryName = { key: string, name: string, };

export type Contact = { title: string, description: string, hero: PageHero, form: FormIntro, 
/**
 * The contact card's badge, e.g. "3k+".
 */
badge: string, badgeLabel: string, };

/**
 * An animated counter, e.g. "200+ Psychiatric Consultations".
 */
export type Counter = { count: number, label: string, };

export type Faq = { question: string, answer: string, };

export type FormIntro = { title: string, text: string, };

export type Hero = { headline: string, subheadline: string, intro: string, images: Array<Image>, };

export type Home = { hero: Hero, about: AboutSection, reviews: Reviews, consultations: Counter, whyChooseUs: WhyChooseUs, process: Process, testimonials: Array<Testimonial>, faqs: Array<Faq>, location: Location, banner: Banner, };

/**
 * An image served by the site, with its intrinsic size (so the page reserves its space) and alt text.
 * The content file gives `src`, `alt`, `width` and `height`; the rest is what the build made of the
 * file (`crate::embedded::images`), attached at load time when the file is the one the build saw.
 */
export type Image = { src: string, alt: string, width: number, height: number, 
/**
 * Raster pictures: `<source>`s in modern formats at several widths, best first.
 */
sources?: Array<ImageSource>, 
/**
 * Raster pictures: the fallback format at the same widths, for the `<img>` itself.
 */
srcset?: string, 
/**
 * With a srcset: the width the image is shown at, by default at most its own width.
 */
sizes?: string, };

/**
 * One `<source>` of a `<picture>`: a modern format at several widths.
 */
export type ImageSource = { 
/**
 * The MIME type, best first: `image/avif`, then `image/webp`.
 */
type: string, 
/**
 * `"/img/a-480.avif 480w, /img/a-768.avif 768w"`
 */
srcset: string, };

export type Landmark = { name: string, 
/**
 * e.g. "1.8 km"
 */
distance: string, 
/**
 * e.g. "5 min"
 */
time: string, };

export type Lang = "en" | "hi";

export type Link = { label: string, url: string, };

/**
 * The paths of the pages the header and footer link to, in the page's edition.
 */
export type Links = { home: string, about: string, appointment: string, contact: string, therapy: string, blogs: string, };

export type Location = { title: string, text: string, mapImage: Image, landmarks: Array<Landmark>, };

export type NavService = { title: string, path: string, };

/**
 * What client-side navigation fetches (`/_data/...`): the route data and the head the server writes
 * for that page (`seo::head`), so that after a navigation the browser's head is exactly the server's.
 */
export type Navigation = { head: string, data: RouteData, };

export type NotFound = { code: string, message: string, linkLabel: string, };

/**
 * The page the service worker shows, in place of a page the device has not kept, when the connection is
 * down: the helplines first (their numbers are fixed in `client/lib/helplines.ts`), then the clinic's
 * phones, then the pages kept on the device.
 */
export type Offline = { heading: string, message: string, helpHeading: string, 
/**
 * What 112 is, beside the number.
 */
emergency: string, 
/**
 * What Tele-MANAS 14416 is, beside the number.
 */
teleManas: string, clinicHeading: string, keptHeading: string, keptIntro: string, keptNone: string, retryLabel: string, };

/**
 * One edition's offline page, and the paths it stands in for.
 */
export type OfflinePage = { 
/**
 * The edition's home path: the page stands in for it and every path under it.
 */
under: string, path: string, };

/**
 * One day of the week and its opening times, e.g. "Wednesday": ["09:00 AM-01:00 PM", "04:00 PM-07:00 PM"].
 */
export type OpeningDay = { day: string, times: Array<string>, };

/**
 * What a page shows, by kind; `kind` also names the page's chunk in the client manifest.
 */
export type PageData = { "kind": "home", home: Home, services: Array<ServiceCard>, latestPosts: Array<BlogSummary>, approach: Approach, benefits: Benefits, team: Team, } | { "kind": "about", about: About, approach: Approach, benefits: Benefits, team: Team, } | { "kind": "appointment", appointment: Appointment, } | { "kind": "contact", contact: Contact, approach: Approach, } | { "kind": "therapy", therapy: Therapy, } | { "kind": "service", service: Service, others: Array<NavService>, doctor?: Practitioner, review?: ReviewNote, } | { "kind": "blogs", 
/**
 * The plain list's title: each of its states is titled after it (`listStateHead` in
 * `client/lib/blogList.ts`).
 */
listTitle: string, posts: Array<BlogSummary>, categories: Array<CategoryName>, } | { "kind": "article", article: Article, author: string, readingMinutes: number, related: Array<BlogSummary>, review?: ReviewNote, } | { "kind": "notFound", notFound: NotFound, } | { "kind": "offline", offline: Offline, };

export type PageHero = { title: string, subtitle: string, image: Image, };

/**
 * The kinds of page: each has its own data, component and chunk.
 */
export type PageKind = "home" | "about" | "appointment" | "contact" | "therapy" | "service" | "blogs" | "article" | "notFound" | "offline";

/**
 * A team member as a page names them beside its own text: a clinical page's reviewer, the doctor of an
 * online consultation.
 */
export type Practitioner = { name: string, degrees: string, designation: string, registration?: Registration, };

export type Process = { title: string, steps: Array<Step>, };

export type Psychiatrist = { name: string, title: string, };

/**
 * A practitioner's registration with the body that licenses their profession: for a doctor, the State
 * Medical Council or the National Medical Commission, which India's Telemedicine Practice Guidelines
 * (2020) require on the website; for a clinical psychologist or a rehabilitation professional, the
 * Rehabilitation Council of India (RCI).
 */
export type Registration = { 
/**
 * The registering body, in the edition's language.
 */
council: string, 
/**
 * The number it gave, as on the certificate; the same in both languages.
 */
number: string, };

/**
 * What a clinical page shows of its review.
 */
export type ReviewNote = { reviewer: Practitioner, lastReviewed: string, nextReview: string, };

/**
 * The review badge with the vision and mission (spec section 1).
 */
export type Reviews = { 
/**
 * The number the review counter animates up to, shown with a plus sign.
 */
count: number, 
/**
 * The short badge text, e.g. "5k+".
 */
badge: string, label: string, stars: number, avatars: Array<Image>, sessionPhotos: Array<Image>, heading: string, vision: string, mission: Array<string>, };

export type RouteData = { path: string, canonicalUrl: string, 
/**
 * The edition's language: `<html lang>`, and the language of every word the interface shows.
 */
lang: Lang, translation: Translation, today: string, site: Site, page: PageData, };

/**
 * A titled list of paragraphs (an article's diagnosis or remedies section).
 */
export type Section = { title: string, content: Array<string>, };

export type Service = { title: string, hero: PageHero, intro: Array<string>, benefits: Array<Card>, benefitBullets: Array<string>, steps: Array<Step>, whyChoose: WhyChoose, faqs: Array<Faq>, cta: CallToAction, };

export type ServiceCard = { title: string, description: string, path: string, image: Image, };

export type Site = { services: Array<NavService>, links: Links, instituteName: string, description: string, psychiatrist: Psychiatrist, phones: Array<string>, email: string, 
/**
 * Pages receive the one-line form.
 */
address: string, bookingUrl: string, whatsappNumber: string, mapsUrl: string, social: Array<Link>, poweredBy: Link, logo: Image, };

/**
 * How a page names the state its URL's query shows (the blog list's search, category and page), as the
 * SSR bundle works it out with the same rules that show the state (`listStateHead` in
 * `client/lib/blogList.ts`). The head of such a URL says this instead of the route's own title and address.
 */
export type StateHead = { 
/**
 * The whole title, as the browser tab and search results show it.
 */
title: string, 
/**
 * The query of the state's canonical URL, without `?`; empty when it is the route's own address.
 */
canonicalQuery: string, 
/**
 * False for states search engines should not index (searches): `noindex, follow`.
 */
index: boolean, };

export type Step = { number: string, title: string, description: string, };

/**
 * `team.toml`
 */
export type Team = { title: string, members: Array<TeamMember>, };

export type TeamMember = { 
/**
 * How other files name this member (a page's `reviewedBy`); the same in both languages.
 */
key: string, name: string, degrees: string, registration?: Registration, designation: string, image: Image, description: Array<string>, };

export type Testimonial = { title: string, content: string, author: string, };

export type Therapy = { title: string, description: string, hero: PageHero, intro: Array<string>, sections: Array<TherapySection>, faqs: Array<Faq>, };

export type TherapySection = { title: string, paragraphs: Array<string>, };

/**
 * Where the language switch leads: the same page in the other language (for the not-found page,
 * the other edition's home).
 */
export type Translation = { lang: Lang, path: string, };

export type WhyChoose = { title: string, paragraphs: Array<string>, };

export type WhyChooseUs = { headline: string, text: string, image: Image, highlights: Array<Card>, };

/**
 * What the worker is told about this version of the site (`WORKER_CONFIG` in `client/sw/worker.ts`).
 */
export type WorkerConfig = { 
/**
 * Names the build's client files: caches made for another build are deleted when this one activates.
 */
build: string, 
/**
 * The content version: the offline pages are fetched again when it changes.
 */
content: string, 
/**
 * Every script and stylesheet of the build (hashed, so cached for good): a page kept on the device
 * opens and hydrates without a connection, whatever its kind and language.
 */
code: Array<string>, 
/**
 * The offline page of each edition, the edition with the longest path first.
 */
offlinePages: Array<OfflinePage>, };
