import { EmailedLinkRequestBody } from './emailed-link-request.body.js';

export class RequestAccountConfirmationBody extends EmailedLinkRequestBody {}
