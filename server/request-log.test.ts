import { EventEmitter } from "node:events";
import { routeMatcher } from "./routes.mjs";
import { labelRoute, requestLog, routeLabel } from "./request-log.mjs";

const routes = routeMatcher({
  root: { id: "root", path: "" },
  "routes/api.employee.$id": { id: "routes/api.employee.$id", parentId: "root", path: "api/employee/:id" },
  "routes/$": { id: "routes/$", parentId: "root", path: "*" },
});

test("the route label is the matched pattern, never the raw path", () => {
  expect(routeLabel("/api/employee/42", routes)).toBe("/api/employee/:id");
  expect(routeLabel("/api/employee/9999", routes)).toBe("/api/employee/:id");
  expect(routeLabel("/somewhere/else/123", routes)).toBe("/*");
  expect(routeLabel("/build/_shared/chunk-ABC123.js", routes)).toBe("/build/*");
  expect(routeLabel("/metrics", routes)).toBe("/metrics");
  expect(routeLabel("/x", routeMatcher({ root: { id: "root", path: "" } }))).toBe("unmatched");
});

test("a path whose %-escapes do not decode is unmatched, and the router is not asked (it would print a warning)", () => {
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  try {
    expect(routeLabel("//%", routes)).toBe("unmatched");
    expect(routeLabel("/api/employee/%zz", routes)).toBe("unmatched");
    expect(warn).not.toHaveBeenCalled();
  } finally {
    warn.mockRestore();
  }
  expect(routeLabel("/api/employee/%34%32", routes)).toBe("/api/employee/:id");
});

function fakeExchange(method: string) {
  const res = Object.assign(new EventEmitter(), { statusCode: 200, writableFinished: false });
  return { req: { method }, res };
}

function tracker() {
  let clock = 1000;
  const lines: Record<string, unknown>[] = [];
  const observed: unknown[][] = [];
  const track = requestLog({
    log: { info: (fields, message) => lines.push({ ...fields, msg: message }) },
    observe: (request, seconds) => observed.push([request, seconds]),
    now: () => clock,
  });
  return { track, lines, observed, advance: (ms: number) => (clock += ms) };
}

test("a finished request: one access line and one observation, with the route a layer named and the status", () => {
  const t = tracker();
  const { req, res } = fakeExchange("GET");
  t.track(req, res, "abcd2345efgh");
  labelRoute(res, "/api/employee/:id");
  t.advance(12.34);
  res.statusCode = 404;
  res.writableFinished = true;
  res.emit("finish");
  res.emit("close");
  expect(t.lines).toEqual([{ req_id: "abcd2345efgh", method: "GET", route: "/api/employee/:id", status: 404, ms: 12.3, msg: "request" }]);
  expect(t.observed).toEqual([[{ method: "GET", route: "/api/employee/:id", status: 404 }, expect.closeTo(0.01234, 9)]]);
});

test("a client that went away is 499; a request no layer named is unmatched; an unknown method is other", () => {
  const t = tracker();
  const { req, res } = fakeExchange("PROPFIND");
  t.track(req, res, "abcd2345efgh");
  res.emit("close");
  expect(t.lines).toHaveLength(1);
  expect(t.lines[0]).toMatchObject({ method: "other", route: "unmatched", status: 499 });
});
