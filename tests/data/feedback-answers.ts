/**
 * Answers at known levels, for the offline rubric's tests and `npm run eval:feedback` (which
 * speaks them): for each question, a strong answer (STAR or the right shape, with specifics), a
 * vague one, a weak and generic one, and a fluent off-topic one. Written as people say them
 * (60–150 words, strong ones longest), in American spelling, as the recogniser's dictionary
 * writes words, with numbers in words.
 */
export type AnswerLevel = "strong" | "vague" | "weak" | "offtopic";

/** [question, level, answer]: four levels per question, strongest first. */
export const gradedAnswers: [string, AnswerLevel, string][] = [
  // behavioural
  [
    "Tell me about a time you had to meet a tight deadline.",
    "strong",
    "In my last job at a logistics company, a client moved our launch deadline forward by a full week. My role was to coordinate the three developers and make sure nothing slipped. First I split the work into small daily pieces, and I set up a fifteen minute check-in every morning, so problems came up early. Then I sat down with the client and negotiated to drop two low priority reports from the first release. I also took over the testing myself in the evenings, so the developers could keep building. As a result we delivered on time, with no serious bugs in the first month, and the client renewed the contract for another year, worth about forty thousand dollars. I learned that a clear daily plan beats working longer hours.",
  ],
  [
    "Tell me about a time you had to meet a tight deadline.",
    "vague",
    "Yeah, so deadlines happen a lot in my work. There was one project where things got really tight at the end. We usually just work harder and try to get things done, maybe stay a bit later. The team was pretty stressed, but we managed it in the end and it was fine. I think communication is really important in those situations, and staying calm. So yeah, it worked out and the client was happy overall.",
  ],
  [
    "Tell me about a time you had to meet a tight deadline.",
    "weak",
    "I'm good with deadlines, honestly. I always meet them, I don't really have a problem with that. I think deadlines are just part of the job and you have to deal with them. I'm a hard worker and I stay focused, so it's never been an issue for me. I would say I'm very reliable and people can count on me.",
  ],
  [
    "Tell me about a time you had to meet a tight deadline.",
    "offtopic",
    "My favorite holiday was in Spain a couple of years ago. The weather was lovely and we went to the beach every day. The food was amazing, especially the seafood paella in the evenings by the sea. We also rented bikes and rode along the coast, and one day we took a boat trip to a small island. I'd really love to go back there next summer with my family.",
  ],
  // motivational
  [
    "Why do you want to work here?",
    "strong",
    "I want to work here because your company builds tools that help small clinics manage their patients, and that matters to me. My mother ran a small clinic, so I saw how much time the paperwork took away from patient care. In my current role I built a scheduling feature that cut no-shows by twenty percent in six months, and I'd like to bring that experience to your product team. I also like how your team publishes its design decisions openly, which tells me people here care about doing things properly. And this role would let me work directly with clinic staff, which is the part of my job I enjoy most.",
  ],
  [
    "Why do you want to work here?",
    "vague",
    "It seems like a really good company and I think I would learn a lot here. I've heard good things from a few people. I want to grow my career and this job looks interesting, with a lot of different things to work on. I like the idea of working in a bigger team too. So I think it would be a good next step for me and a good fit overall.",
  ],
  [
    "Why do you want to work here?",
    "weak",
    "Honestly, I'm looking for a new job and this one came up, so I applied. The salary looks fine and the office isn't too far from where I live. I need something more stable than what I have now. I'm sure I could do the work, it seems pretty similar to what I do already. So yeah, that's why I'm here today.",
  ],
  [
    "Why do you want to work here?",
    "offtopic",
    "Football is my favorite sport. I watch every match on the weekend with my brother, and we argue about the referee for hours afterwards. When I was younger I played for a local club as a goalkeeper, and we once got to the regional final. These days I mostly play five a side with friends on Thursday evenings, which is a good way to switch off.",
  ],
  // strengths and weaknesses
  [
    "What is your greatest weakness?",
    "strong",
    "My weakness is that I used to take on too much myself instead of delegating. In my last project that meant I worked late for two weeks while two people on my team were waiting for tasks, and I was the bottleneck. My manager pointed it out, and she was right. So now I plan the work with the team every Monday and I hand over tasks early, even the ones I enjoy doing myself. I also ask each person what they want to learn, so delegating helps them grow. I have learned that delegating gets things done faster, and last quarter my team finished the release three days early while I worked normal hours.",
  ],
  [
    "What is your greatest weakness?",
    "vague",
    "I guess my weakness would be that I can be a bit too detail oriented sometimes. I like things to be done properly, so I can spend a long time on small things. It's something I'm aware of and I try to keep an eye on it. I think it's getting better over time. It can also be a good thing in some jobs, so it's not all bad.",
  ],
  [
    "What is your greatest weakness?",
    "weak",
    "I'd say I'm a perfectionist. I just care a lot about my work, maybe too much. I don't really have any big weaknesses that get in the way, to be honest. I work hard and I always try my best, and I think my managers have always been happy with me. So I can't really think of anything else.",
  ],
  [
    "What is your greatest weakness?",
    "offtopic",
    "I recently got really into baking bread at home. It started during the winter when I had more free time, and now I make a sourdough loaf every weekend. The hardest part was keeping the starter alive, because it needs feeding every day. My neighbors get most of the bread, and they keep asking me for my recipe, which is nice.",
  ],
  [
    "What are your greatest strengths?",
    "strong",
    "I'd say my greatest strength is turning messy problems into clear plans. In my current job as an operations analyst, our returns process had no owner and customers waited about three weeks for refunds. I mapped every step with the warehouse and finance teams, found two approvals that added no value, and I wrote a simple checklist with one owner for each step. Refund time dropped to five days within two months, and complaints about refunds fell by half. My second strength is staying calm under pressure, which my manager mentioned in my last review. I think both would help here, because this role involves a lot of processes that cross different teams.",
  ],
  [
    "What are your greatest strengths?",
    "vague",
    "I think my strengths are that I'm a hard worker and a good team player. I get along well with people and I'm always willing to help out. I'm also quite organized and I like to keep on top of things. People have told me I'm reliable, and I think I learn new things pretty quickly as well.",
  ],
  [
    "What are your greatest strengths?",
    "weak",
    "My strengths? I'm good at a lot of things, really. I'm friendly, I'm hard working, I'm a people person. I'd say I'm just a good all rounder. I don't know, it's hard to talk about yourself, but I think I'd be good at this job.",
  ],
  [
    "What are your greatest strengths?",
    "offtopic",
    "I spent last month redecorating my apartment. I painted the living room a light green color and moved the sofa next to the window, so there's more light in the evenings. I also found an old wooden table at a flea market and sanded it down myself. It took three weekends, but it looks great now and my friends keep asking where I bought it.",
  ],
  // behavioural, with a colleague
  [
    "Tell me about a time you had a conflict with a coworker.",
    "strong",
    "At my previous company I worked with a designer who kept changing the screens after we had agreed on them, and it was causing real tension, because my developers had to redo their work. My task was to get the release back on track without damaging the relationship. I asked her for a coffee and listened first, and it turned out the late changes came from sales feedback that reached her after our planning meeting. So I proposed that we invite someone from sales to the planning session, and I set up a short review every Friday where changes could be raised. In the end the late changes dropped from about ten per sprint to two, and she and I now run those planning sessions together.",
  ],
  [
    "Tell me about a time you had a conflict with a coworker.",
    "vague",
    "I had a coworker once who was quite difficult to work with, we just saw things differently. There was some tension in the team for a while. I tried to be professional about it and keep things friendly. We talked about it at some point and things got better after that. I think in general it's important to respect other people's opinions and find a middle ground.",
  ],
  [
    "Tell me about a time you had a conflict with a coworker.",
    "weak",
    "I don't really have conflicts with people, I get along with pretty much everyone. I'm an easygoing person. If someone is difficult I just try to stay out of it and focus on my own work. I think most problems sort themselves out if you give them some time. So yeah, I can't think of a real conflict.",
  ],
  [
    "Tell me about a time you had a conflict with a coworker.",
    "offtopic",
    "I've always loved old cars. My grandfather had a red convertible from the sixties, and we used to wash it together every Sunday in his garage. When he passed away my uncle kept it, and sometimes he still lets me drive it around the village in the summer. One day I'd like to restore a classic car myself, maybe a small one to start with.",
  ],
  // situational
  [
    "What would you do if two managers gave you conflicting priorities?",
    "strong",
    "First I would not try to guess which manager matters more. I'd write down both requests, with the deadline and what depends on each one, so I can see the real conflict. Then I'd go to both managers, ideally together, explain that I can't finish both by Friday, and ask them to agree on the order. That happened to me last year at a marketing agency, where two account leads both wanted their campaign first. I set up a fifteen minute call with both of them, showed them the plan, and we agreed to split the work over two weeks. Both campaigns launched on time, and after that we used a shared priority list so it didn't happen again.",
  ],
  [
    "What would you do if two managers gave you conflicting priorities?",
    "vague",
    "I think I would try to talk to both of them and find out what's most important. It depends on the situation really. Communication is key in that kind of case, so I'd make sure everyone is on the same page. I'd probably try to do a bit of both if I could, and just work hard to get everything done.",
  ],
  [
    "What would you do if two managers gave you conflicting priorities?",
    "weak",
    "I would just do what my direct manager says, because they are the one I report to. The other manager would have to understand that. I don't think it's my job to sort out problems between managers. I'd just keep my head down and get on with whatever I was told first.",
  ],
  [
    "What would you do if two managers gave you conflicting priorities?",
    "offtopic",
    "My favorite way to spend a Saturday is hiking in the mountains near my town. I usually leave early in the morning with a couple of friends and we walk for five or six hours. There is a small lake at the top where we have lunch, and if the weather is clear you can see three different valleys. Afterwards we always stop at the same little cafe for hot chocolate.",
  ],
  // closing
  [
    "Do you have any questions for us?",
    "strong",
    "Yes, I do, thank you. First, could you tell me what success would look like in this role after the first six months? I'd like to know which results matter most to you. Second, how does the team decide what to work on each quarter, and how much say do the people doing the work have? And finally, what is the biggest challenge the team is facing right now? I ask because in my last role I joined during a big migration, and knowing that early helped me contribute in my first month. I'd also love to hear what you enjoy most about working here.",
  ],
  [
    "Do you have any questions for us?",
    "vague",
    "Yes, I think so. What is the team like? And what would a normal day look like for me? I'm also wondering about the next steps in the process and when I might hear back from you. I think that's all I have for now, you've covered most things already, so thank you for your time.",
  ],
  [
    "Do you have any questions for us?",
    "weak",
    "No, I think I'm good, thanks. You've explained everything already, so I can't think of anything to ask right now. It all sounds fine to me. I'm happy with what I've heard and I'm sure I'll find out the rest if I get the job. So no, no questions from me.",
  ],
  [
    "Do you have any questions for us?",
    "offtopic",
    "Actually, I was thinking about the traffic on the way here this morning. There were road works on the main bridge and the buses were all running late. I ended up walking the last part, which was nice because the weather was good. There is a lovely park along the river that I'd never noticed before, with a little market on the corner.",
  ],
  // career plans (no type of its own: "general")
  [
    "Where do you see yourself in five years?",
    "strong",
    "In five years I see myself leading a small product team, ideally here. Right now I'm a senior developer, and over the last year I've started mentoring two junior developers and running our sprint planning, which I've really enjoyed. So my plan is to keep growing that side. In the next two years I want to own a product area end to end, from talking to users to measuring the results, and I'm already taking a course in product management in the evenings. After that I'd like to manage people formally. I know this company promotes from within, and that's one of the reasons I applied for this role.",
  ],
  [
    "Where do you see yourself in five years?",
    "vague",
    "I'd like to be in a more senior position, maybe managing people, I'm not completely sure yet. I want to keep learning and growing and take on more responsibility. Hopefully still at this company if things go well. I think it depends a bit on what opportunities come up, but I definitely want to progress in my career.",
  ],
  [
    "Where do you see yourself in five years?",
    "weak",
    "Honestly, I don't really plan that far ahead. I just take things one day at a time and see what happens. Five years is a long time and a lot can change. I'm sure I'll be doing something I like, somewhere. Maybe I'll be here, maybe not, it's hard to say.",
  ],
  [
    "Where do you see yourself in five years?",
    "offtopic",
    "Five years ago I was living in a tiny apartment above a bakery, and every morning at four the smell of fresh bread woke me up. The owner was an old man called Peter who had run the bakery for forty years. He used to give me the leftover croissants at the end of the day, and I think I put on about five kilos that year.",
  ],
];
