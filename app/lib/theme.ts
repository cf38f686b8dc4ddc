import { createTheme } from "~mantine-core/core/MantineProvider/create-theme/create-theme";

const thaiFont =
  "Sarabun, 'Noto Sans Thai', 'Leelawadee UI', Tahoma, system-ui, -apple-system, 'Segoe UI', sans-serif";

/** Blue primary from the first paint (the spec's "blue palette after 500 ms" without the flash). */
export const theme = createTheme({
  primaryColor: "blue",
  fontFamily: thaiFont,
  headings: { fontFamily: thaiFont },
  defaultRadius: "md",
  components: {
    Modal: { defaultProps: { zIndex: 1100 } },
    Drawer: { defaultProps: { zIndex: 1000 } },
  },
});

/**
 * The root's MantineProvider writes no <style> into each page: app/styles/mantine-theme.css holds
 * what it would write for this theme (theme.test.ts keeps the two equal).
 */
export const PROVIDER_STYLES_IN_FILE = { withCssVariables: false, withGlobalClasses: false } as const;
