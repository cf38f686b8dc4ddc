export { default } from "./admin.dashboard";
