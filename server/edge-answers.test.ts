import { logRefusal, setEdgeLogger } from "./edge-answers.mjs";
import { assignRequestId } from "./request-id.mjs";

const refusedRequest = () => {
  const req = { method: "TRACE", url: "/api/employee", headers: { "x-request-id": "edge-test-0001" } };
  assignRequestId(req, { setHeader: () => undefined });
  return req;
};

test("a refusal is one JSON warning line naming the request's id, also before the app's logger is handed over", () => {
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  try {
    logRefusal(refusedRequest(), 405, "method TRACE");
    expect(warn).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(warn.mock.calls[0][0]))).toEqual({
      level: "warn",
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      req_id: "edge-test-0001",
      msg: 'refused TRACE "/api/employee": 405 method TRACE',
    });
  } finally {
    warn.mockRestore();
  }
});

test("with the app's logger handed over, the refusal goes to it", () => {
  const lines: unknown[][] = [];
  setEdgeLogger({ warn: (...args: unknown[]) => void lines.push(args) });
  try {
    logRefusal(refusedRequest(), 405, "method TRACE");
  } finally {
    setEdgeLogger(undefined);
  }
  expect(lines).toEqual([[{ req_id: "edge-test-0001" }, 'refused TRACE "/api/employee": 405 method TRACE']]);
});
