import { useTestPasswordCost } from '../auth/passwords';

/**
 * Set-up of the server tests' Vitest projects: passwords hashed in the tests' own process are
 * hashed cheaply (see useTestPasswordCost). server/auth/passwords.test.ts checks the cost
 * every server uses.
 */
useTestPasswordCost();
