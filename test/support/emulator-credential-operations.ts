/**
 * The emulator's operations that let someone in (signup, verification, login, password reset),
 * written out by hand so that tests of the default choice and of approval do not take the list
 * from the code they test.
 */
export const EMULATOR_SIGN_IN_OPERATIONS: readonly string[] = [
  'post_auth_signup',
  'post_auth_verify_email',
  'post_auth_resend_verification',
  'post_auth_login',
  'post_auth_forgot_password',
  'post_auth_reset_password',
];
