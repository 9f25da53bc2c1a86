import type { Db } from '../adapters/db';
import { hashPassword } from '../domain/credentials';
import type { AdminRole } from '../generated/prisma/client';

export async function createAdmin(db: Db, email: string, password: string, role: AdminRole) {
  const admin = await db.admin.create({
    data: { email: email.toLowerCase(), passwordHash: await hashPassword(password), role },
  });
  return { id: admin.id };
}
