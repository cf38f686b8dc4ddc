import { MantineProvider } from "@mantine/core";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { PhoneHint, ResponsiveList } from "./PhoneCards";

test("the server's HTML has the table and the cards, each behind its breakpoint class (CSS picks before any script runs)", () => {
  const html = renderToString(
    createElement(
      MantineProvider,
      { env: "test" },
      createElement(ResponsiveList, { table: createElement("p", null, "ตาราง"), cards: createElement("p", null, "การ์ด") }),
    ),
  );
  expect(html).toMatch(/mantine-visible-from-sm[^>]*><p>ตาราง/);
  expect(html).toMatch(/mantine-hidden-from-sm[^>]*><p>การ์ด/);
});

test.each([
  [false, /mantine-visible-from-sm[^>]*><p>ตาราง/, "การ์ด"],
  [true, /mantine-hidden-from-sm[^>]*><p>การ์ด/, "ตาราง"],
])("with the browser's hint (phone: %s) the server renders that layout only", (hint, shown, absent) => {
  const html = renderToString(
    createElement(
      MantineProvider,
      { env: "test" },
      createElement(
        PhoneHint.Provider,
        { value: hint },
        createElement(ResponsiveList, { table: createElement("p", null, "ตาราง"), cards: createElement("p", null, "การ์ด") }),
      ),
    ),
  );
  expect(html).toMatch(shown);
  expect(html).not.toContain(absent);
});
