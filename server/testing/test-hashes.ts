import { useTestPasswordCost } from '../security/passwords';

/**
 * Set-up of the server tests' Vitest projects: passwords hashed in the tests' own process are
 * hashed cheaply (see useTestPasswordCost). server/security/passwords.test.ts checks the cost
 * every server uses.
 */
useTestPasswordCost();
