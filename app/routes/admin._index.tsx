export { default, links, loader, meta } from "./admin.dashboard";
