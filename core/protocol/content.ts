/** What operators publish: help-center entries, policy pages and the site-wide notice. */

/** A help-center entry. */
export interface FaqItem {
  question: string;
  answer: string;
  video: string | null;
}

/** The site-wide notice shown in the global notice modal. */
export interface Notice {
  id: number;
  title: string;
  /** The colour of the modal's border: 0 primary, 1 error, 2 success. */
  type_id: 0 | 1 | 2;
  /** HTML; sanitised before it is shown. */
  description: string;
}

/** A policy or information page an operator edits (policies, about us, careers). */
export interface ContentPage {
  /** terms_of_use, aml_policy, kyc_policy, cookies_policy, about_us, careers, ... */
  type: string;
  title: string;
  /** HTML; sanitised before it is shown. */
  html: string;
  updatedAt: string;
}

/** Reading the help center, the pages and the notice; staff publish the notice. */
export interface ContentMethods {
  /** The help center's entries of one section, by slug, in display order. */
  'faq.getItems': { params: { slug: string }; result: { items: FaqItem[] } };
  /** A policy or information page by type. */
  'pages.getItem': { params: { type: string }; result: { page: ContentPage } };
  /** The current site-wide notice, if any. */
  'notices.getCurrent': { params: Record<string, never>; result: { notice: Notice | null } };
  /** Staff: publish a notice (replacing the current one), or clear it with `clear`. */
  'notices.publish': {
    params: { title: string; type_id: 0 | 1 | 2; description: string } | { clear: true };
    result: { notice: Notice | null };
  };
}
