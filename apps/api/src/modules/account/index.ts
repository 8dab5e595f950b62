// Accounts: the user row, its profile and preferences.
export { accountRoutes } from "./account.routes.ts";
export { presentMe } from "./me.presenter.ts";
export {
  clearPinTries,
  findPinState,
  lockPinState,
  type PinState,
  recordWrongPin,
  replacePin,
  setFirstPin,
} from "./pin.repo.ts";
export { anonymiseUser, findUserByEmail, insertUser, type UserRow, updateUser } from "./users.repo.ts";
