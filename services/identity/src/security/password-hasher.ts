import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

// `Algorithm` is a const enum that only exists at compile time, so its value is spelled out.
const ARGON2ID = 2 as Algorithm;

/** OWASP's baseline for argon2id: 19 MiB, 2 iterations, 1 lane. */
const OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export class PasswordHasher {
  // Verifying against a real hash when the e-mail is unknown keeps the answer
  // time the same, so login timing does not reveal which e-mails exist.
  private decoy: Promise<string> | undefined;

  hash(password: string): Promise<string> {
    return hash(password, OPTIONS);
  }

  async verify(passwordHash: string | undefined, password: string): Promise<boolean> {
    if (!passwordHash) {
      this.decoy ??= hash('decoy password for unknown e-mails', OPTIONS);
      await verify(await this.decoy, password);
      return false;
    }
    return verify(passwordHash, password);
  }
}
