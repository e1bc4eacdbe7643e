export { NewsletterModule } from './newsletter.module.js';
export { NewsletterSubscriber } from './newsletter-subscriber.entity.js';
