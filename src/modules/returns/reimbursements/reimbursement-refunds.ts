/** The reason each refund of a reimbursement records, by which recovery finds them again. */
export const refundReason = (number: string) => `Reimbursement ${number}`;
