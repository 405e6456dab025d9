import type { AnswerLevel } from "./feedback-answers";

/**
 * More answers at known levels, written after the rubric was tuned and never used to tune it:
 * the rubric's tests check on these that what it learned from `gradedAnswers` carries over to
 * other questions and other people's wording. Same levels and conventions as `gradedAnswers`;
 * one question here ("bad news to a client") is not in the library, so it is scored on its type
 * and its own words alone.
 */
export const heldOutGradedAnswers: [string, AnswerLevel, string][] = [
  [
    "Tell me about a time you failed.",
    "strong",
    "Two years ago I was leading the move of our support team to a new ticketing system. I was responsible for the training, and I assumed a single two hour session would be enough. It wasn't. In the first week our response times doubled and three customers complained. I owned it with my manager straight away, then I wrote short guides for the five most common tasks and ran fifteen minute refreshers every morning for two weeks. I also paired each agent who was struggling with someone who had picked it up fast. By the end of the month response times were back to normal, and now I always run a small pilot before any rollout.",
  ],
  [
    "Tell me about a time you failed.",
    "vague",
    "I think everyone fails sometimes. There was a project at my old job that didn't really go the way we wanted, things were a bit rushed and some parts didn't work out. We talked about it afterwards as a team and tried to do better next time. I learned a lot from it, mostly about planning and communication, so in the end it was a good experience.",
  ],
  [
    "Tell me about a time you failed.",
    "weak",
    "Honestly I can't really think of a time I failed. I work hard and I usually get things right the first time. If something goes wrong I just keep going until it works. I don't like to dwell on mistakes, I prefer to stay positive and look forward.",
  ],
  [
    "Tell me about a time you failed.",
    "offtopic",
    "Last winter I tried to learn to ski for the first time. We went to a small resort in the north with some cousins and stayed in a wooden cabin. The snow was perfect and the views from the top were beautiful. In the evenings we played card games by the fire and cooked big pots of soup together.",
  ],
  [
    "What motivates you?",
    "strong",
    "What motivates me most is seeing something I built make someone's day easier. In my current role I look after the booking tool our nurses use, and last spring I noticed they were typing the same patient details three times. I redesigned the form so the details carried over, and it saved each nurse about twenty minutes a shift. Hearing the ward manager say it gave them time back with patients kept me going for months. That's why this role appeals to me: your team builds tools that thousands of clinics rely on every day.",
  ],
  [
    "What motivates you?",
    "vague",
    "I'm motivated by a lot of things really. I like doing a good job and working with nice people. Learning new things is important to me, and I like a challenge. I guess I'm motivated when I feel like what I do matters and the team is working well together.",
  ],
  [
    "What motivates you?",
    "weak",
    "Money, mostly, to be honest. And I like having a stable job. I just want to do my hours, do what I'm asked and go home. I'm pretty easygoing so I don't need much motivation.",
  ],
  [
    "What motivates you?",
    "offtopic",
    "My little sister just started high school, and she's already taller than me. She plays the violin in the school orchestra and they had their first concert last Friday. The hall was packed with parents and grandparents, and afterwards we all went out for pizza and ice cream to celebrate.",
  ],
  [
    "How do you handle stress?",
    "strong",
    "I handle stress by breaking it down and getting ahead of it. At my last company we had the annual audit and a product launch in the same month. I listed everything due, agreed with my manager which four tasks really mattered that week, and blocked the first hour of each morning for them. When I noticed I was answering emails late at night, I set a cut off time and told the team. We passed the audit with no findings and launched two days early. I've learned that a short written plan calms me down more than working extra hours.",
  ],
  [
    "How do you handle stress?",
    "vague",
    "I try to stay calm and not let it get to me. When there's a lot going on I just focus on one thing at a time. Sometimes I go for a walk or take a short break. I think stress is normal at work and you just have to manage it as best you can.",
  ],
  [
    "How do you handle stress?",
    "weak",
    "I don't really get stressed. I'm a very calm person in general and nothing bothers me much. I just do my work and it's fine.",
  ],
  [
    "How do you handle stress?",
    "offtopic",
    "I have two cats at home, a grey one called Pepper and a small black one called Olive. Pepper sleeps on the windowsill all afternoon and Olive chases anything that moves, especially the curtains. Last week they knocked a plant off the shelf and there was soil all over the carpet when I got home.",
  ],
  [
    "Tell me about a time you persuaded someone.",
    "strong",
    "In my last role our director wanted to cut the customer newsletter to save money. I was responsible for the newsletter, and I thought it was bringing in repeat orders. So I pulled the numbers for the last six months and found that readers ordered again about thirty percent more often than others. I put that on one page, with two quotes from customers, and asked for fifteen minutes in the next planning meeting. I also offered to run it every two weeks instead of every week to halve the cost. She agreed to keep it, and over the next quarter it paid for itself three times over.",
  ],
  [
    "Tell me about a time you persuaded someone.",
    "vague",
    "I've had to convince people quite a few times at work. Usually I just explain my point of view and try to listen to theirs as well. There was one time my manager wasn't sure about an idea I had, but after we talked it through she came around. I think being patient and friendly helps a lot.",
  ],
  [
    "Tell me about a time you persuaded someone.",
    "weak",
    "I'm quite persuasive in general, people usually agree with me. I'm good at talking and I'm confident. I don't think I've ever had a problem convincing anyone of anything.",
  ],
  [
    "Tell me about a time you persuaded someone.",
    "offtopic",
    "On Sundays I usually go to the farmers market near the station. There's a stall that sells fresh bread and another one with honey from local bees. I always buy too many tomatoes and then have to make sauce with them in the evening. It's a nice way to end the weekend.",
  ],
  [
    "Tell me about a time you had to deliver bad news to a client.",
    "strong",
    "Last year I managed the account for a retail client whose new website was due before the holiday season. Three weeks out, our testing showed the payment page failed on older phones, and I had to tell them we would miss the date. I called the client the same day rather than waiting for the weekly meeting, explained the problem plainly, and offered two options: launch on time without the new checkout, or launch ten days later with everything. They chose to launch on time, we shipped the checkout ten days later, and they renewed with us the following spring. I learned that bad news early is far better than bad news late.",
  ],
  [
    "Tell me about a time you had to deliver bad news to a client.",
    "vague",
    "I've had to give clients bad news a few times. It's never easy, but I try to be honest and tell them as soon as possible. There was one project that was running late and I had to let them know. They weren't happy at first but it was fine in the end.",
  ],
  [
    "Tell me about a time you had to deliver bad news to a client.",
    "weak",
    "I don't like giving bad news so I usually let my manager handle that part. I think it's better if someone senior talks to the client. I just focus on my own work.",
  ],
  [
    "Tell me about a time you had to deliver bad news to a client.",
    "offtopic",
    "My favorite film is an old black and white comedy about two musicians who travel across the country by train. I've watched it maybe ten times. The songs are wonderful and there's a scene in a dining car that still makes me laugh every time I see it.",
  ],
  [
    "What do you hope to learn in this role?",
    "strong",
    "I hope to learn how to run research with real users at scale. In my current job I've done about twenty interviews on my own for our mobile app, and they changed two features we were about to build. But I've never worked with a dedicated research team or with survey data from thousands of people. Your team publishes its research methods, and I'd like to learn how you turn that data into decisions. In a year I'd want to be leading studies myself and teaching our designers to run quick tests.",
  ],
  [
    "What do you hope to learn in this role?",
    "vague",
    "I hope to learn a lot of new things really. I'd like to grow my skills and get more experience. I think there's a lot I can learn from the team here and I'm open to anything.",
  ],
  [
    "What do you hope to learn in this role?",
    "weak",
    "Not much, to be honest, I already know how to do most of the job. I'm mainly looking for something closer to home with better hours.",
  ],
  [
    "What do you hope to learn in this role?",
    "offtopic",
    "I grew up by the sea, in a small fishing town. In the summer the harbor fills with sailing boats and there's a festival with music and fireworks on the beach. My grandmother still lives there and I visit her every August.",
  ],
];
