import type { SideReview } from "./ledger-day";

// Each side of a record has its own review (ADR 043); review_status is their summary, the one the
// queue filters on. Client-safe: the review card reads the same words.

export const REVIEW_SIDES = ["in", "out"] as const;
export type ReviewSide = (typeof REVIEW_SIDES)[number];

/** The side's Thai name, as the review card's controls and the 409 say it. */
export const REVIEW_SIDE_LABELS: Record<ReviewSide, string> = { in: "เวลาเข้า", out: "เวลาออก" };

const RANK: readonly SideReview[] = ["pending", "rejected", "accepted", "none"];

/** The record's review_status: pending before rejected before accepted before none. */
export function reviewSummary(checkin: SideReview, checkout: SideReview): SideReview {
  return RANK.indexOf(checkin) <= RANK.indexOf(checkout) ? checkin : checkout;
}

/** A side's review for the flags it was recorded with: pending when they ask an admin to look. */
export const sideReview = (needsReview: boolean): SideReview => (needsReview ? "pending" : "none");
