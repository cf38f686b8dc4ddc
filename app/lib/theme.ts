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
