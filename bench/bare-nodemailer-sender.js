// The bare nodemailer baseline of the e-mail benchmark, run by bench/lib/emails.js as a child
// process: BARE_COUNT sends of the same message (the subject, HTML and text of a confirmation the
// service sent) to the SMTP sink, BARE_IN_FLIGHT at a time over a transport set up as the
// service's (a pool of 5 connections), and nothing else: no queue, no database, no template.
// What the service's delivery path adds to nodemailer is the difference between the two.
import { readFileSync } from 'node:fs';
import nodemailer from 'nodemailer';

const { BARE_SMTP_URL, BARE_MESSAGE_FILE, BARE_COUNT, BARE_IN_FLIGHT } = process.env;
const message = JSON.parse(readFileSync(BARE_MESSAGE_FILE, 'utf8'));
const transport = nodemailer.createTransport({ url: BARE_SMTP_URL, pool: true, maxConnections: 5 });

let next = 0;
const count = Number(BARE_COUNT);
const sender = async () => {
  while (next < count) {
    const n = next++;
    await transport.sendMail({ ...message, headers: { 'X-Bare-Send': String(n) } });
  }
};
await Promise.all(Array.from({ length: Number(BARE_IN_FLIGHT) }, sender));
transport.close();
