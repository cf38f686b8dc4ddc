// The employee pages import each Tabler icon from its own file: the package's barrel would give
// them every icon any other page uses (docs/decisions/038-employee-page-bytes.md). The package
// has no exports map (the path resolves) but types only its barrel; each file's default export
// is the barrel's icon.
declare module "@tabler/icons-react/dist/esm/icons/*.mjs" {
  const icon: import("@tabler/icons-react").TablerIcon;
  export default icon;
}
