import { reviewSummary } from "./review-state";

describe("reviewSummary", () => {
  test("pending before rejected before accepted before none, whichever side holds it", () => {
    expect(reviewSummary("pending", "rejected")).toBe("pending");
    expect(reviewSummary("rejected", "pending")).toBe("pending");
    expect(reviewSummary("accepted", "rejected")).toBe("rejected");
    expect(reviewSummary("none", "accepted")).toBe("accepted");
    expect(reviewSummary("accepted", "none")).toBe("accepted");
    expect(reviewSummary("none", "none")).toBe("none");
  });
});
