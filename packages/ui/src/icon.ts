// The icons' one drawing (`Icon`) alone, for code that must not pull every shared component with it (the web app's
// entry script, decision 100).
export { Icon, type IconProps } from "./components/icons.tsx";
